/** Web storage that never throws: blocked storage (private mode, sandbox) reads as empty, writes are dropped. */
export const storage = (area: "localStorage" | "sessionStorage"): SafeStorage => ({
  get(key: string): string | null {
    try {
      return window[area].getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window[area].setItem(key, value);
    } catch {
      // Storage blocked: caps then last one page view.
    }
  },
});

export type SafeStorage = { get(key: string): string | null; set(key: string, value: string): void };
