// The part of jstat (no bundled types) that stats.ts uses.
declare module 'jstat' {
  const jStatModule: { jStat: {
    studentt: { cdf(x: number, dof: number): number };
    binomial: { cdf(k: number, n: number, p: number): number };
  } };
  export default jStatModule;
}
