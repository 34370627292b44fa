// SaxonJS ships no types: the one call the e-invoice validator makes.
declare module "saxon-js" {
  const SaxonJS: {
    transform(
      options: { stylesheetInternal: unknown; sourceText: string; destination: "serialized" },
      mode: "sync",
    ): { principalResult: string };
  };
  export default SaxonJS;
}
