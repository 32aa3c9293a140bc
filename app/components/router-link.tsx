import type { LinkLikeComponentProps } from "@shopify/polaris/build/ts/src/utilities/link";
import { Link } from "react-router";
import { embeddedPath } from "~/lib/store-routing";
import { useEmbedded } from "./embedded";

/**
 * Lets Polaris buttons and links navigate client-side; external URLs stay plain anchors. Inside the
 * Shopify admin, internal links lead to the same screen under /app.
 */
export function RouterLink({ url, children, external, ...rest }: LinkLikeComponentProps) {
  const embedded = useEmbedded();
  if (external || /^https?:\/\//.test(url)) {
    return (
      // After the rest: Polaris passes `target: undefined`, which must not undo the new tab.
      <a {...rest} href={url} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  }
  return (
    <Link to={embedded ? embeddedPath(url) : url} {...rest}>
      {children}
    </Link>
  );
}
