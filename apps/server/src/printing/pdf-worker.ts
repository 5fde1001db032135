/**
 * The worker side of pdf-thread.ts: loads each request's renderer from the module it names and
 * answers each request by its id.
 */
import { parentPort } from 'node:worker_threads';

export type RenderRequest = {
  id: number;
  /** The file URL of the module that renders the PDF. */
  module: string;
  exportName: string;
  args: unknown[];
};
export type RenderAnswer = { id: number; pdf: Uint8Array } | { id: number; error: string };

type Render = (...args: unknown[]) => Promise<Uint8Array>;

const renderers = new Map<string, Promise<Render>>();

/** The renderer a request names, its module imported once. */
function rendererOf(request: RenderRequest): Promise<Render> {
  const key = `${request.module}#${request.exportName}`;
  let renderer = renderers.get(key);
  if (!renderer) {
    renderer = import(request.module).then((loaded: Record<string, unknown>) => {
      const render = loaded[request.exportName];
      if (typeof render !== 'function') {
        throw new Error(`${request.module} exports no renderer ${request.exportName}`);
      }
      return render as Render;
    });
    renderers.set(key, renderer);
  }
  return renderer;
}

parentPort?.on('message', (request: RenderRequest) => {
  rendererOf(request)
    .then((render) => render(...request.args))
    .then(
      (pdf) => parentPort?.postMessage({ id: request.id, pdf } satisfies RenderAnswer),
      (error: unknown) =>
        parentPort?.postMessage({
          id: request.id,
          error: error instanceof Error ? error.message : String(error),
        } satisfies RenderAnswer),
    );
});
