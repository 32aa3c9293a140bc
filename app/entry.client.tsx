import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

/**
 * React error #421: a streamed Suspense boundary received an update before it finished hydrating, so React
 * renders that boundary on the client instead — the visitor sees the same content. It happens when a library
 * component (Polaris' providers) sets state on mount while a streamed part of the page is still hydrating.
 * Reported as a warning, not an error; every other recoverable error keeps React's default report.
 */
function onRecoverableError(error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  if (/\b421\b|before it finished hydrating/.test(message)) {
    // biome-ignore lint/suspicious/noConsole: the browser console is where a recovered render belongs.
    console.warn("A streamed part of the page was rendered on the client instead of hydrated:", message);
    return;
  }
  reportError(error);
}

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
    { onRecoverableError },
  );
});
