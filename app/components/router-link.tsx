import type { LinkLikeComponentProps } from "@shopify/polaris/build/ts/src/utilities/link";
import { Link } from "react-router";
import { embeddedPath } from "~/lib/store-routing";
import { useEmbedded } from "./embedded";

/**
 * Lets Polaris buttons and links navigate client-side; external URLs stay plain anchors. Inside the
 * Shopify admin, internal links lead to the same screen under /app.
 */
export function RouterLink({ url, children, external, target, ...rest }: LinkLikeComponentProps) {
  const embedded = useEmbedded();
  if (external || /^https?:\/\//.test(url)) {
    return (
      // A new tab unless the button asks for another target (the Shopify admin's own pages: "_top").
      <a {...rest} href={url} target={target ?? "_blank"} rel="noopener noreferrer">
        {children}
      </a>
    );
  }
  return (
    <Link to={embedded ? embeddedPath(url) : url} target={target} {...rest}>
      {children}
    </Link>
  );
}
