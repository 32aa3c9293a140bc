import { useEmbedded } from "./embedded";
import { useToast } from "./toast";

const FILENAME = /filename="([^"]+)"/;

/**
 * Starts a file download from the app. Standalone, the browser navigates to the file and streams it to disk.
 * Inside the Shopify admin a navigation carries no session token (only App Bridge's fetch does), so the
 * file is fetched and saved from memory.
 */
export function useDownload() {
  const embedded = useEmbedded();
  const toast = useToast();
  if (!embedded) return (url: string) => window.location.assign(url);
  return async (url: string) => {
    const response = await fetch(url).catch(() => null);
    if (!response?.ok) {
      toast({ title: "Error", message: "The download failed. Please try again.", tone: "critical" });
      return;
    }
    const name = FILENAME.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ?? "download";
    const link = document.createElement("a");
    link.href = URL.createObjectURL(await response.blob());
    link.download = name;
    link.click();
    // Freed once the browser has surely taken the file (revoking at once can cancel it in some browsers).
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  };
}
