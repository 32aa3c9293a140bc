/**
 * Address syntax that could carry mail past the popup's domain rules: each entry looks like one
 * address to a loose pattern but names a blocked inbox, a second inbox, or an internationalised
 * lookalike. Every one must be refused with the generic "valid email" message or a domain message.
 * The company domain acme.example is allowed; gmail and temporary-mail domains are blocked.
 */
export const HOSTILE_ADDRESSES: Record<string, string[]> = {
  "list separators": [
    "victim@gmail.com,x",
    "victim@gmail.com;x",
    "victim@mailinator.com,a",
    "victim@gmail.com,jo@acme.example",
    "jo@acme.example,victim@gmail.com",
    "jo@acme.example;victim@gmail.com",
    "jo@acme.example, victim@gmail.com",
  ],
  "angle brackets": [
    "victim@gmail.com>",
    "<victim@gmail.com>",
    "victim@gmail.com>jo@acme.example",
    "<victim@gmail.com>jo@acme.example",
    "jo@acme.example<victim@gmail.com>",
  ],
  "display names": ['"Jo" <victim@gmail.com>', "Jo <victim@gmail.com>", "jo@acme.example <victim@gmail.com>"],
  "quoted strings": ['"victim@gmail.com"@acme.example', '"jo smith"@acme.example', '"jo"@acme.example'],
  "trailing dots": ["jo@acme.example.", "victim@gmail.com.", "victim@mailinator.com.", "jo.@acme.example"],
  "IDN and punycode lookalikes": [
    "victim@gm\u0430il.com",
    "victim@xn--gmil-63d.com",
    "victim@xn--mailnator-r2a.com",
    "jo@ac\u0301me.example",
  ],
  "upper-case blocked domains": ["victim@GMAIL.COM", "victim@Gmail.Com", "victim@MAILINATOR.COM"],
  comments: ["jo@acme.example(x)", "jo(x)@acme.example", "victim@gmail.com(jo@acme.example)"],
  whitespace: [
    "jo @acme.example",
    "jo@ acme.example",
    "jo@acme .example",
    "jo\t@acme.example",
    "jo\u00a0x@acme.example",
  ],
  CRLF: [
    "jo@acme.example\r\nBcc: victim@gmail.com",
    "jo@acme.example\r\nvictim@gmail.com",
    "jo\r\n@acme.example",
  ],
  "routing syntax": [
    "victim%gmail.com@acme.example",
    "gmail.com!victim@acme.example",
    "@acme.example:victim@gmail.com",
  ],
};

export const hostileAddresses = (): [string, string][] =>
  Object.entries(HOSTILE_ADDRESSES).flatMap(([kind, addresses]) =>
    addresses.map((address): [string, string] => [kind, address]),
  );
