// The browser bundle imports the vector files as JSON modules (esbuild inlines them); their shape is checked at run time.
declare module "*.json" {
  const value: unknown;
  export default value;
}
