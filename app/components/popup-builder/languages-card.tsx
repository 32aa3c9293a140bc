import { BlockStack, Card, InlineStack, Select, Tag, Text } from "@shopify/polaris";
import { useState } from "react";
import { useAppContext } from "~/components/app-context";
import { CardHeading } from "~/components/card-heading";
import { missingTexts, shownParts } from "~/lib/languages/missing-texts";
import { languageName, OFFERED_LANGUAGES } from "~/lib/languages/text-labels";
import { hasWelcomeTexts } from "~/lib/languages/welcome-template";
import type { PopupLanguage } from "../../../popup/texts";
import { TranslationsTable } from "./translations-table";
import type { EditProps } from "./types";

const ADD_PLACEHOLDER = "";

/**
 * The popup's languages (docs/decisions/184): the one its texts are written in, the others with their
 * translations in a table of every text, the missing ones marked.
 */
export function LanguagesCard({ config, edit, errors = {} }: EditProps) {
  const { languages } = config;
  // The welcome email's texts of a language are the welcome email's (docs/decisions/208): without
  // manage_email_settings they are shown read-only, and a language holding them is not removed here.
  const canEditEmail = useAppContext().user.permissions.manage_email_settings === true;
  const keptForEmail = (at: number) =>
    !canEditEmail && hasWelcomeTexts(languages[at] ?? { code: "", texts: {} });
  const [editing, setEditing] = useState(languages[1]?.code ?? languages[0]?.code ?? "en");
  const setLanguages = (next: PopupLanguage[]) => edit({ languages: next });
  const codes = languages.map(({ code }) => code);
  const index = Math.max(0, codes.indexOf(editing));
  const shown = shownParts(config);
  const option = (code: string) => ({ value: code, label: languageName(code) });
  /** "German · 3 missing", "English (default)". */
  const describe = (at: number) => {
    const missing = missingTexts(languages, at, shown).length;
    return `${languageName(codes[at] ?? "")}${at === 0 ? " (default)" : ""}${missing ? ` · ${missing} missing` : ""}`;
  };

  return (
    <Card>
      <BlockStack gap="400">
        <CardHeading title="Languages">
          Shoppers see the popup in their page's language when it speaks it (the storefront's language, else
          the page's, else the browser's), otherwise in the default language. The texts the popup writes
          itself (labels, messages) come translated into German, French, Spanish, Italian, Dutch and
          Portuguese.
        </CardHeading>
        {errors.languages ? (
          <Text as="p" tone="critical">
            {errors.languages}
          </Text>
        ) : null}
        <InlineStack gap="300" wrap>
          <Select
            label="Default language"
            helpText="The language the texts in Content are written in."
            options={OFFERED_LANGUAGES.filter((code) => code === codes[0] || !codes.includes(code)).map(
              option,
            )}
            value={codes[0] ?? "en"}
            onChange={(code) => {
              if (editing === codes[0]) setEditing(code);
              setLanguages(languages.map((language, at) => (at === 0 ? { ...language, code } : language)));
            }}
          />
          <Select
            label="Add a language"
            options={[
              { value: ADD_PLACEHOLDER, label: "Choose…" },
              ...OFFERED_LANGUAGES.filter((code) => !codes.includes(code)).map(option),
            ]}
            value={ADD_PLACEHOLDER}
            onChange={(code) => {
              if (!code) return;
              setLanguages([...languages, { code, texts: {} }]);
              setEditing(code);
            }}
          />
        </InlineStack>
        <InlineStack gap="200" wrap>
          {languages.map(({ code }, at) => (
            <Tag
              key={code}
              onRemove={
                at === 0 || keptForEmail(at)
                  ? undefined
                  : () => setLanguages(languages.filter((_, other) => other !== at))
              }
              accessibilityLabel={`Remove ${languageName(code)}`}
            >
              {describe(at)}
            </Tag>
          ))}
        </InlineStack>
        {languages.some((_, at) => at > 0 && keptForEmail(at)) ? (
          <Text as="p" tone="subdued" variant="bodySm">
            A language with a translated welcome email can be removed only by someone with the Manage Email
            Settings permission: removing it changes that email.
          </Text>
        ) : null}
        <Select
          label="Translations shown"
          options={codes.map((code, at) => ({ value: code, label: describe(at) }))}
          value={codes[index] ?? "en"}
          onChange={setEditing}
        />
        <TranslationsTable
          config={config}
          index={index}
          errors={errors}
          canEditEmail={canEditEmail}
          onChange={(texts) =>
            setLanguages(languages.map((language, at) => (at === index ? { ...language, texts } : language)))
          }
        />
      </BlockStack>
    </Card>
  );
}
