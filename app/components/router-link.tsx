import type { LinkLikeComponentProps } from "@shopify/polaris/build/ts/src/utilities/link";
import { Link } from "react-router";

/** Lets Polaris buttons and links navigate client-side; external URLs stay plain anchors. */
export function RouterLink({ url, children, external, ...rest }: LinkLikeComponentProps) {
  if (external || /^https?:\/\//.test(url)) {
    return (
      <a href={url} target="_blank" rel="noopener noreferrer" {...rest}>
        {children}
      </a>
    );
  }
  return (
    <Link to={url} {...rest}>
      {children}
    </Link>
  );
}
