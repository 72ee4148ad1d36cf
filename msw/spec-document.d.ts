// spec/openapi.yaml as the browser bundle gets it: parsed at build time (scripts/build.ts).
declare module '*/openapi.yaml' {
  const document: import('../spec/document.ts').Document;
  export default document;
}
