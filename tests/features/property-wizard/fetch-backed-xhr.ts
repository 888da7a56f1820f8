/**
 * An XMLHttpRequest that sends through `fetch` (which the in-process server stubs), with upload
 * progress events: half the body "sent" at once, the rest when the server answers. A test can hold
 * uploads at the half-way mark (`hold()`) to look at the screen mid-upload, then `release()` them.
 */
import { vi } from 'vitest';

export interface UploadGate {
  /** Uploads started so far, as "METHOD /path" with their multipart field names. */
  requests: Array<{ method: string; path: string; fields: string[] }>;
  hold(): void;
  release(): void;
}

type Handler = (() => void) | null;

export function installFetchBackedXhr(): UploadGate {
  let held: Array<() => void> | null = null;
  const requests: UploadGate['requests'] = [];

  class FetchBackedXhr {
    readonly upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    status = 0;
    statusText = '';
    responseText = '';
    onload: Handler = null;
    onerror: Handler = null;
    onabort: Handler = null;
    private method = 'GET';
    private url = '';
    private readonly headers = new Headers();
    private readonly controller = new AbortController();

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.headers.set(name, value);
    }

    abort() {
      this.controller.abort();
    }

    send(body: FormData) {
      const total = [...body.values()].reduce(
        (sum, value) => sum + (typeof value === 'string' ? value.length : value.size),
        0,
      );
      requests.push({
        method: this.method,
        path: new URL(this.url, window.location.href).pathname,
        fields: [...body.keys()],
      });
      const progress = (loaded: number) =>
        this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
      const go = () => {
        fetch(this.url, {
          method: this.method,
          headers: this.headers,
          body,
          signal: this.controller.signal,
        }).then(
          async (response) => {
            progress(total);
            this.status = response.status;
            this.statusText = response.statusText;
            this.responseText = await response.text();
            this.onload?.();
          },
          (error: unknown) => {
            if ((error as { name?: string }).name === 'AbortError') this.onabort?.();
            else this.onerror?.();
          },
        );
      };
      setTimeout(() => {
        progress(total / 2);
        if (held) held.push(go);
        else go();
      }, 0);
    }
  }

  vi.stubGlobal('XMLHttpRequest', FetchBackedXhr);
  return {
    requests,
    hold() {
      held = [];
    },
    release() {
      const waiting = held ?? [];
      held = null;
      for (const go of waiting) go();
    },
  };
}
