import { crc32, deflateRawSync } from "node:zlib";

/** A file as the vendors write them: a byte order mark, CRLF line ends. */
export const vendorFile = (lines: string[]) => `\uFEFF${lines.join("\r\n")}\r\n`;

/** Shopify's customers export (Customers › Export), newer headers. */
export const SHOPIFY_CUSTOMERS =
  "Customer ID,First Name,Last Name,Email,Accepts Email Marketing,Default Address Company,Default Address Address1,Default Address Address2,Default Address City,Default Address Province Code,Default Address Country Code,Default Address Zip,Default Address Phone,Phone,Accepts SMS Marketing,Total Spent,Total Orders,Note,Tax Exempt,Tags";

/** Mailchimp's audience export: the columns of its subscribed file… */
export const MAILCHIMP_SUBSCRIBED =
  "Email Address,First Name,Last Name,Address,Phone Number,Birthday,MEMBER_RATING,OPTIN_TIME,OPTIN_IP,CONFIRM_TIME,CONFIRM_IP,LATITUDE,LONGITUDE,GMTOFF,DSTOFF,TIMEZONE,CC,REGION,LAST_CHANGED,LEID,EUID,NOTES,TAGS";
/** …its unsubscribed file adds these… */
export const MAILCHIMP_UNSUB_COLUMNS =
  "UNSUB_TIME,UNSUB_CAMPAIGN_TITLE,UNSUB_CAMPAIGN_ID,UNSUB_REASON,UNSUB_REASON_OTHER";
/** …and its cleaned file these. */
export const MAILCHIMP_CLEAN_COLUMNS = "CLEAN_TIME,CLEAN_CAMPAIGN_TITLE,CLEAN_CAMPAIGN_ID";

/** A Mailchimp member row: the subscribed columns, then whatever the file's extra columns hold. */
export function mailchimpRow(email: string, first: string, optinTime: string, ...extra: string[]): string {
  const cells = [
    email,
    first,
    "",
    "",
    "",
    "",
    "2",
    optinTime,
    "203.0.113.7",
    "",
    "",
    "",
    "",
    "",
    "",
    "",
    "US",
  ];
  cells.push("", optinTime, "1001", "a1b2", "", "");
  return [...cells, ...extra].map((cell) => (cell.includes(",") ? `"${cell}"` : cell)).join(",");
}

/** Klaviyo's profiles export. */
export const KLAVIYO_PROFILES =
  "Email,First Name,Last Name,Phone Number,Address,Address 2,City,State / Region,Country,Zip Code,Organization,Email Marketing Consent,Email Marketing Consent Timestamp";

/**
 * A ZIP of the given files (deflated unless `stored`), as Mailchimp's export and any archiver write one: local
 * headers, then the central directory, then its end record.
 */
export function zipOf(
  files: Record<string, string | Uint8Array>,
  options: { encrypted?: boolean } = {},
): Uint8Array {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(files)) {
    const data = Buffer.from(content);
    const packed = deflateRawSync(data);
    const nameBytes = Buffer.from(name);
    const fields = (header: Buffer, at: number) => {
      header.writeUInt16LE(20, at);
      header.writeUInt16LE(options.encrypted ? 1 : 0, at + 2);
      header.writeUInt16LE(8, at + 4);
      header.writeUInt32LE(crc32(data), at + 10);
      header.writeUInt32LE(packed.length, at + 14);
      header.writeUInt32LE(data.length, at + 18);
      header.writeUInt16LE(nameBytes.length, at + 22);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    fields(local, 4);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    fields(entry, 6);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    directory.push(entry, nameBytes);
    offset += local.length + nameBytes.length + packed.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directoryBytes, end]));
}
