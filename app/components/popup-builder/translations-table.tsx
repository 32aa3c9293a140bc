import { Badge, Button, InlineStack, Text, TextField } from "@shopify/polaris";
import { Fragment, useState } from "react";
import { BUILT_IN_TEXTS, builtInTextsOf } from "~/lib/languages/built-in-texts";
import {
  isEmailText,
  isWrittenInFields,
  missingTexts,
  shownParts,
  TEXT_GROUPS,
} from "~/lib/languages/missing-texts";
import { isStepText, STEP_TEXT_FIELDS } from "~/lib/languages/step-texts";
import { EMAIL_TEXTS_READ_ONLY, languageName, TEXT_LABELS } from "~/lib/languages/text-labels";
import type { PopupTexts, TextKey } from "../../../popup/texts";
import { editableText } from "./content-card";
import type { BuilderConfig, FieldErrors } from "./types";

const MULTILINE: ReadonlySet<TextKey> = new Set([
  "subtitle",
  "consentText",
  "phoneConsentText",
  "emailBody",
  "useCode",
  "confirm",
]);

/**
 * The default language's words for a text, as shoppers read them now: a written text is the popup's field of
 * the same name (the teaser's is in its design, a step's in the steps), a built-in one the merchant's or the
 * app's.
 */
function defaultText(config: BuilderConfig, key: TextKey): string {
  if (key === "teaserText") return config.design.teaser.text;
  if (isStepText(key)) return STEP_TEXT_FIELDS[key].read(config.steps);
  if (isEmailText(key)) return "As in Email templates";
  const own = (config as Record<string, unknown>)[key];
  if (isWrittenInFields(key)) return typeof own === "string" ? editableText(own) : "";
  const [byDefault] = config.languages;
  const shipped = builtInTextsOf(byDefault?.code ?? "en") ?? BUILT_IN_TEXTS.en;
  return byDefault?.texts[key] || (shipped as Record<string, string> | undefined)?.[key] || "";
}

type Props = {
  config: BuilderConfig;
  /** The language whose texts are edited (0: the default, whose built-in texts only). */
  index: number;
  errors: FieldErrors;
  onChange: (texts: PopupTexts) => void;
  /**
   * Whether the signed-in person may change the welcome email's texts (manage_email_settings, as the Email
   * templates screen needs): without it they are shown, not edited (docs/decisions/208).
   */
  canEditEmail: boolean;
};

/** Every text of the popup, its welcome email and its built-in messages, in the default language and one other. */
export function TranslationsTable({ config, index, errors, onChange, canEditEmail }: Props) {
  const language = config.languages[index];
  const missing = new Set(missingTexts(config.languages, index, shownParts(config)));
  // The app's own translations are long to read through: folded away while none of them is missing.
  const [builtInOpen, setBuiltInOpen] = useState(false);
  if (!language) return null;
  const translating = index > 0;
  const shipped = builtInTextsOf(language.code) as Record<string, string> | null;
  const defaultName = languageName(config.languages[0]?.code ?? "en");

  function cell(key: TextKey) {
    if (!translating && isWrittenInFields(key)) {
      return (
        <Text as="span" tone="subdued">
          {isEmailText(key)
            ? "Edit it in Email templates"
            : isStepText(key)
              ? "Edit it in Steps"
              : "Edit it in Content"}
        </Text>
      );
    }
    const label = `${TEXT_LABELS[key]} in ${languageName(language?.code ?? "")}`;
    // The welcome email's texts are shown, not edited, without manage_email_settings.
    const readOnly = isEmailText(key) && !canEditEmail;
    return (
      <TextField
        label={label}
        labelHidden
        value={language?.texts[key] ?? ""}
        placeholder={readOnly ? "As in Email templates" : (shipped?.[key] ?? "")}
        readOnly={readOnly}
        onChange={(text) => {
          if (!readOnly) onChange({ ...language?.texts, [key]: text });
        }}
        error={errors[`languages.${index}.texts.${key}`]}
        multiline={MULTILINE.has(key) ? 2 : undefined}
        autoComplete="off"
      />
    );
  }

  return (
    <table className="np-translations">
      <thead>
        <tr>
          <th scope="col">Text</th>
          {translating ? <th scope="col">{defaultName} (default)</th> : null}
          <th scope="col">{translating ? languageName(language.code) : `${defaultName} (default)`}</th>
        </tr>
      </thead>
      <tbody>
        {TEXT_GROUPS.map(({ heading, keys, builtIn }) => {
          const folded = builtIn && !builtInOpen && !keys.some((key) => missing.has(key));
          return (
            <Fragment key={heading}>
              <tr>
                <th scope="colgroup" colSpan={translating ? 3 : 2} className="np-translations__group">
                  <InlineStack gap="200" align="space-between" blockAlign="center">
                    <span>{heading}</span>
                    {translating && !canEditEmail && keys.some(isEmailText) ? (
                      <Text as="span" tone="subdued" variant="bodySm">
                        {EMAIL_TEXTS_READ_ONLY}
                      </Text>
                    ) : null}
                    {builtIn ? (
                      <Button variant="plain" onClick={() => setBuiltInOpen(Boolean(folded))}>
                        {folded ? `Show all ${keys.length}` : "Hide them"}
                      </Button>
                    ) : null}
                  </InlineStack>
                </th>
              </tr>
              {(folded ? [] : keys).map((key) => (
                <tr key={key} data-missing={missing.has(key) || undefined}>
                  <th scope="row">
                    <span className="np-translations__label">{TEXT_LABELS[key]}</span>
                    {missing.has(key) ? <Badge tone="attention">Missing</Badge> : null}
                  </th>
                  {translating ? (
                    <td className="np-translations__default">{defaultText(config, key)}</td>
                  ) : null}
                  <td>{cell(key)}</td>
                </tr>
              ))}
            </Fragment>
          );
        })}
      </tbody>
    </table>
  );
}
