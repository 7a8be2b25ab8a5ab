C     THREE SERIES IN FLOATING POINT, N TERMS READ FROM A DATA CARD.
C     S = SUM 1/K**2 (PI = SQRT(6S)), E = 1 + SUM 1/K FACTORIAL, AND
C     L = 4 * SUM (-1)**(K-1)/(2K-1) (LEIBNIZ). ONE LINE A TERM.
      READ 1, N
1     FORMAT (I5)
      PRINT 2
2     FORMAT (6H     K,14H    SUM 1/K**2,14H      SQRT(6S),
     114H      E SERIES,14H       LEIBNIZ)
      S=0.
      T=1.
      E=1.
      A=0.
      G=1.
      DO 10 K=1,N
      X=K
      S=S+1./(X*X)
      T=T*X
      E=E+1./T
      A=A+G/(2.*X-1.)
      G=-G
      P=SQRTF(6.*S)
      B=4.*A
      PRINT 3, K, S, P, E, B
3     FORMAT (I6, 4F14.7)
10    CONTINUE
      STOP
