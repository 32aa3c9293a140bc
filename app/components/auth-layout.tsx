import { BlockStack, Card, Frame, Text } from "@shopify/polaris";
import type { ReactNode } from "react";
import { ToastOutlet } from "./toast";

/**
 * The centred card of the public screens (login, password recovery, setup, signup). Polaris' Frame is the
 * page's one `main` landmark, so the card is a plain box inside it.
 */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <Frame>
      <div className="np-auth">
        <div className="np-auth__card">
          <Card padding="600">
            <BlockStack gap="500">
              <BlockStack gap="100">
                <Text as="p" variant="bodySm" tone="subdued">
                  Newsletter Popup
                </Text>
                <Text as="h1" variant="headingLg">
                  {title}
                </Text>
                {subtitle ? (
                  <Text as="p" tone="subdued">
                    {subtitle}
                  </Text>
                ) : null}
              </BlockStack>
              {children}
            </BlockStack>
          </Card>
        </div>
      </div>
      <ToastOutlet />
    </Frame>
  );
}
