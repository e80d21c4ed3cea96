/// <reference types="vite/client" />

/** A section of a catalogue (vite/catalogue-parts.ts). */
declare module '*.json?part=shell' {
  const catalogue: Record<string, unknown>;
  export default catalogue;
}
declare module '*.json?part=views' {
  const catalogue: Record<string, unknown>;
  export default catalogue;
}
declare module '*.json?part=notifications' {
  const catalogue: Record<string, unknown>;
  export default catalogue;
}
declare module '*.json?part=palette' {
  const catalogue: Record<string, unknown>;
  export default catalogue;
}
declare module '*.json?part=permissions' {
  const catalogue: Record<string, unknown>;
  export default catalogue;
}
declare module '*.json?part=forms' {
  const catalogue: Record<string, unknown>;
  export default catalogue;
}
declare module '*.json?part=developer' {
  const catalogue: Record<string, unknown>;
  export default catalogue;
}
