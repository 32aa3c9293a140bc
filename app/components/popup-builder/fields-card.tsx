import { BlockStack, Card, Checkbox, InlineGrid, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import { subtitleForRule } from "../../../popup/config";
import { parseDomainList } from "../../../popup/validation";
import type { EditProps } from "./types";

/** SPEC §3: the builder exposes email (locked on), name, phone, company and address. */
const toggles = [
  { field: "name", label: "Name" },
  { field: "phone", label: "Phone" },
  { field: "company", label: "Company" },
  { field: "address", label: "Address" },
] as const;

export function FieldsCard({ config, edit, errors = {} }: EditProps) {
  const [allowed, setAllowed] = useState(config.emailValidation.allowedDomains.join(", "));
  const [blocked, setBlocked] = useState(config.emailValidation.blockedDomains.join(", "));
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Form fields
        </Text>
        <InlineGrid columns={{ xs: 2, md: 3 }} gap="200">
          <Checkbox
            label="Email"
            checked
            disabled
            // Polaris greys a disabled box's help text below a readable contrast; this one says why it is locked.
            helpText={
              <Text as="span" tone="subdued">
                Always on
              </Text>
            }
          />
          {toggles.map(({ field, label }) => (
            <Checkbox
              key={field}
              label={label}
              checked={config.fields[field]}
              onChange={(checked) => edit({ fields: { [field]: checked } })}
            />
          ))}
        </InlineGrid>
        <Checkbox
          label="Company emails only"
          checked={config.emailValidation.companyEmailsOnly}
          // A built-in subtitle that asks for a business email follows the rule (the server does the same).
          onChange={(companyEmailsOnly) =>
            edit({
              emailValidation: { companyEmailsOnly },
              subtitle: subtitleForRule(config.subtitle, companyEmailsOnly),
            })
          }
          helpText="Refuse addresses from the blocked domains below"
        />
        <TextField
          label="Allowed domains"
          value={allowed}
          onChange={(value) => {
            setAllowed(value);
            edit({ emailValidation: { allowedDomains: parseDomainList(value) } });
          }}
          error={errors["emailValidation.allowedDomains"]}
          helpText="Comma-separated, e.g. acme.com, example.org. Empty allows every domain not blocked."
          autoComplete="off"
        />
        <TextField
          label="Blocked domains"
          value={blocked}
          onChange={(value) => {
            setBlocked(value);
            edit({ emailValidation: { blockedDomains: parseDomainList(value) } });
          }}
          error={errors["emailValidation.blockedDomains"]}
          helpText="Comma-separated; a bare name such as gmail blocks gmail.com, mail.gmail.com, gmail.co.uk…"
          autoComplete="off"
        />
      </BlockStack>
    </Card>
  );
}
