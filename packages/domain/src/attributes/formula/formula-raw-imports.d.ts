// Vite (and so Vitest) reads `?raw` imports as the file's text: the catalog test compares the
// generated documentation with the file on disk this way, without node:fs in the domain.
declare module '*.md?raw' {
  const text: string;
  export default text;
}
