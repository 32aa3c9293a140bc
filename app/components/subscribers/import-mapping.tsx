import { Banner, BlockStack, Checkbox, InlineGrid, Select, Text } from "@shopify/polaris";
import type { ImportMapping } from "~/lib/schemas/subscriber-import";
import {
  CONSENT_MEANINGS,
  consentChoiceProblem,
  consentChoices,
  IMPORT_MEANING_KEYS,
  IMPORT_MEANINGS,
  type ImportMeaning,
  lockedMeanings,
} from "~/lib/subscriber-import/meanings";
import { fileConsentOf, IMPORT_VENDORS, type ImportVendor } from "~/lib/subscriber-import/vendors";
import type { ImportPreview } from "./import-preview";

const OPTIONS = IMPORT_MEANING_KEYS.map((meaning) => ({ label: IMPORT_MEANINGS[meaning], value: meaning }));
/** One of several consent columns is chosen as the consent, or left out: it can mean nothing else. */
const CONSENT_CHOICE_OPTIONS = OPTIONS.filter(({ value }) => value === "consent" || value === "skip");

/** The merchant's mapping as the API takes it: each imported column by its header (first of a name). */
export function mappingOf(header: string[], meanings: ImportMeaning[]): ImportMapping {
  const mapping: ImportMapping = {};
  header.forEach((name, index) => {
    const meaning = meanings[index];
    if (meaning && meaning !== "skip" && !(name in mapping)) mapping[name] = meaning;
  });
  return mapping;
}

/** What stops the mapping from being imported, in words; null when it can be. */
export function mappingProblem(header: string[], meanings: ImportMeaning[]): string | null {
  const consentProblem = consentChoiceProblem(header, meanings);
  if (consentProblem) return consentProblem;
  const seen = new Set<ImportMeaning>();
  for (const meaning of meanings) {
    if (meaning === "skip") continue;
    if (seen.has(meaning)) return `Two columns are mapped to ${IMPORT_MEANINGS[meaning]}: keep one.`;
    seen.add(meaning);
  }
  return seen.has("email") ? null : "Choose the column that holds the email address.";
}

type Props = {
  preview: ImportPreview;
  vendor: ImportVendor;
  meanings: ImportMeaning[];
  onChange: (index: number, meaning: ImportMeaning) => void;
  consentConfirmed: boolean;
  onConfirmConsent: (confirmed: boolean) => void;
  disabled: boolean;
};

/**
 * The mapping step: each column of the file with an example value and its guessed meaning, which the
 * merchant may change (a consent column may not be changed; of several, the merchant picks one); what the
 * file says of consent, and when it says nothing, the merchant's confirmation that they hold it.
 */
export function ImportMappingStep({
  preview,
  vendor,
  meanings,
  onChange,
  consentConfirmed,
  onConfirmConsent,
  disabled,
}: Props) {
  const locked = lockedMeanings(preview.header);
  const choices = new Set(consentChoices(preview.header));
  const consentColumns = preview.header.filter((_name, index) =>
    CONSENT_MEANINGS.has(meanings[index] ?? "skip"),
  );
  const problem = mappingProblem(preview.header, meanings);
  return (
    <BlockStack gap="400">
      <Text as="p">
        Detected: <strong>{IMPORT_VENDORS[vendor]}</strong>. Check what each column holds; columns set to
        “Don't import” are left out.
      </Text>
      <ConsentNotice
        vendor={vendor}
        consentColumns={consentColumns}
        choosing={choices.size > 0 && consentColumns.length === 0}
        confirmed={consentConfirmed}
        onConfirm={onConfirmConsent}
        disabled={disabled}
      />
      <InlineGrid columns={{ xs: 1, md: 2 }} gap="300">
        {preview.header.map((name, index) => {
          const example = preview.samples.map((row) => row[index]?.trim()).find(Boolean);
          const keeps = locked[index];
          const choice = choices.has(index);
          return (
            <Select
              key={index}
              label={name || `Column ${index + 1}`}
              options={choice ? CONSENT_CHOICE_OPTIONS : OPTIONS}
              value={meanings[index] ?? "skip"}
              onChange={(value) => onChange(index, value as ImportMeaning)}
              disabled={disabled || keeps !== undefined}
              helpText={
                keeps
                  ? "Says who agreed to email marketing: it stays as it is."
                  : choice
                    ? `One of the file's consent columns: choose one as ${IMPORT_MEANINGS.consent}.`
                    : example
                      ? `e.g. ${example.slice(0, 60)}`
                      : "Empty in the first rows"
              }
            />
          );
        })}
      </InlineGrid>
      {problem ? (
        <Text as="p" tone="critical">
          {problem}
        </Text>
      ) : null}
    </BlockStack>
  );
}

function ConsentNotice({
  vendor,
  consentColumns,
  choosing,
  confirmed,
  onConfirm,
  disabled,
}: {
  vendor: ImportVendor;
  consentColumns: string[];
  /** The file has several consent columns and none is chosen yet. */
  choosing: boolean;
  confirmed: boolean;
  onConfirm: (confirmed: boolean) => void;
  disabled: boolean;
}) {
  const fileSays = fileConsentOf(vendor);
  if (fileSays === "not_subscribed")
    return (
      <Banner tone="info" title="Everyone in this file is recorded as not subscribed">
        <p>
          This is Mailchimp's {vendor === "mailchimpCleaned" ? "cleaned" : "unsubscribed"} file. New addresses
          are kept on the list as not subscribed, so that no later import subscribes them; they are never
          emailed.
        </p>
      </Banner>
    );
  if (choosing)
    return (
      <Banner tone="warning" title="Choose the consent column">
        <p>
          More than one column of this file says whether a person agreed to email marketing, and they may
          disagree. Set the one to trust to {IMPORT_MEANINGS.consent}; the others are left out.
        </p>
      </Banner>
    );
  if (consentColumns.length > 0)
    return (
      <Banner tone="info" title={`Consent is read from “${consentColumns.join("”, “")}”`}>
        <p>
          Only rows that say they agreed to email marketing are imported as subscribed. The others are
          recorded as not subscribed: they are never emailed and join no audience.
        </p>
      </Banner>
    );
  if (fileSays === "subscribed")
    return (
      <Banner tone="info" title="Everyone in this file subscribed in Mailchimp">
        <p>Their opt-in time and IP address are kept as the record of their consent.</p>
      </Banner>
    );
  return (
    <Banner tone="warning" title="This file has no consent column">
      <BlockStack gap="200">
        <p>Everyone in it will be imported as subscribed, on your word, with the import as their consent.</p>
        <Checkbox
          label="I have consent from everyone in this file to send them marketing email"
          checked={confirmed}
          onChange={onConfirm}
          disabled={disabled}
        />
      </BlockStack>
    </Banner>
  );
}

/** Whether the merchant must confirm consent themselves: the file says nothing of it. */
export function needsConsentConfirmation(
  vendor: ImportVendor,
  header: string[],
  meanings: ImportMeaning[],
): boolean {
  return (
    fileConsentOf(vendor) === undefined &&
    consentChoices(header).length === 0 &&
    !meanings.some((meaning) => CONSENT_MEANINGS.has(meaning))
  );
}
