/** Compiles the server into apps/server/dist/main.mjs, as `npm start` runs it (build-server.mjs). */
export function buildServer(): Promise<void>;
