import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

// Component tests mount through here so that dom-setup.ts can unmount and remove every host after each test.
const mounted: { root: Root; host: HTMLElement }[] = [];

/** A host div in the document and a root on it, undone after the test: for a file that renders into one root again. */
export function createHost(): { root: Root; host: HTMLElement } {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  mounted.push({ root, host });
  return { root, host };
}

/**
 * Renders `ui` into a new host inside act and returns the host. `queryClient: true` wraps it in a fresh QueryClient
 * that does not retry a failed query; pass a client of your own to fill its cache first.
 */
export async function mount(ui: ReactNode, opts: { queryClient?: boolean | QueryClient } = {}): Promise<HTMLElement> {
  const { root, host } = createHost();
  const client =
    opts.queryClient instanceof QueryClient
      ? opts.queryClient
      : opts.queryClient
        ? new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
        : undefined;
  await act(async () => root.render(client ? <QueryClientProvider client={client}>{ui}</QueryClientProvider> : ui));
  return host;
}

/** Unmounts every root mounted since the last call and removes its host (dom-setup.ts, after each test). */
export function unmountAll(): void {
  for (const { root, host } of mounted.splice(0)) {
    act(() => root.unmount());
    host.remove();
  }
}
