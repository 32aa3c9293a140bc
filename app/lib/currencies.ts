/**
 * The currencies Settings offers a standalone store (ISO 4217), the most used by online shops first; any
 * other code `Intl` knows is accepted by the API (updateStoreSchema), and a store's own always shows.
 * Names are written here, not asked of `Intl.DisplayNames`: the server's and the browser's could differ.
 */
const COMMON_CURRENCIES: [code: string, name: string][] = [
  ["USD", "US dollar"],
  ["EUR", "Euro"],
  ["GBP", "British pound"],
  ["CAD", "Canadian dollar"],
  ["AUD", "Australian dollar"],
  ["NZD", "New Zealand dollar"],
  ["CHF", "Swiss franc"],
  ["SEK", "Swedish krona"],
  ["NOK", "Norwegian krone"],
  ["DKK", "Danish krone"],
  ["PLN", "Polish złoty"],
  ["CZK", "Czech koruna"],
  ["HUF", "Hungarian forint"],
  ["RON", "Romanian leu"],
  ["TRY", "Turkish lira"],
  ["JPY", "Japanese yen"],
  ["CNY", "Chinese yuan"],
  ["HKD", "Hong Kong dollar"],
  ["SGD", "Singapore dollar"],
  ["KRW", "South Korean won"],
  ["INR", "Indian rupee"],
  ["AED", "UAE dirham"],
  ["ILS", "Israeli new shekel"],
  ["ZAR", "South African rand"],
  ["MXN", "Mexican peso"],
  ["BRL", "Brazilian real"],
];

/** The Currency select's options ("EUR – Euro"), with the store's current code even when it is not common. */
export function currencyOptions(current: string): { label: string; value: string }[] {
  const options = COMMON_CURRENCIES.map(([code, name]) => ({ label: `${code} – ${name}`, value: code }));
  return options.some((option) => option.value === current)
    ? options
    : [{ label: current, value: current }, ...options];
}
