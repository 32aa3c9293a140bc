import { BlockStack, Text } from "@shopify/polaris";
import { formatNumber } from "~/lib/format";
import type { CampaignStats } from "~/lib/schemas/campaign-views";

type Days = CampaignStats["clicksPerDay"];

const CHART_HEIGHT = 180;
/** Room above the bars for their figures, and below them for the days. */
const TOP = 18;
const BOTTOM = 22;
/** Past this many days the bars are too narrow for their figures, and only every few days are named. */
const LABELLED_BARS = 14;
const NAMED_DAYS = 7;
const BAR_COLOR = "#0071b9";
/** A day's slot is at most this wide: a campaign's first days stay bars, not blocks. */
const MAX_SLOT_PX = 72;

/** "Nov 24": a day of the series (UTC days, as the API counts them). */
const dayLabel = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });

const clicksText = (count: number) => `${formatNumber(count)} ${count === 1 ? "click" : "clicks"}`;

/** "12 clicks over 3 days, most on Nov 24 (8)": what the bars show, for a screen reader. */
function summary(days: Days): string {
  const total = days.reduce((sum, day) => sum + day.clicks, 0);
  const busiest = days.reduce((best, day) => (day.clicks > best.clicks ? day : best));
  return `${clicksText(total)} over ${days.length} ${days.length === 1 ? "day" : "days"}, most on ${dayLabel(busiest.day)} (${formatNumber(busiest.clicks)})`;
}

/**
 * Clicks per day as bars (a campaign's clicks come in a few days, which bars show better than a line),
 * drawn as plain SVG in percentages of the card's width; the figures are also a table under it.
 */
export function ClicksChart({ days }: { days: Days }) {
  if (days.every((day) => day.clicks === 0)) {
    return (
      <Text as="p" tone="subdued">
        No clicks yet. Clicks on the email's links show here, day by day.
      </Text>
    );
  }
  const max = Math.max(...days.map((day) => day.clicks));
  const slot = 100 / days.length;
  const plotHeight = CHART_HEIGHT - TOP - BOTTOM;
  const nameEvery = Math.ceil(days.length / NAMED_DAYS);
  return (
    <BlockStack gap="200">
      <svg
        width="100%"
        height={CHART_HEIGHT}
        style={{ maxWidth: days.length * MAX_SLOT_PX }}
        role="img"
        aria-label={`Clicks per day: ${summary(days)}`}
      >
        <line x1="0" x2="100%" y1={TOP + plotHeight} y2={TOP + plotHeight} stroke="#c9cccf" />
        {days.map((day, index) => {
          const height = (day.clicks / max) * plotHeight;
          const center = `${slot * index + slot / 2}%`;
          return (
            <g key={day.day}>
              <rect
                x={`${slot * index + slot * 0.2}%`}
                width={`${slot * 0.6}%`}
                y={TOP + plotHeight - height}
                height={height}
                rx="2"
                fill={BAR_COLOR}
              >
                <title>{`${dayLabel(day.day)}: ${clicksText(day.clicks)}`}</title>
              </rect>
              {days.length <= LABELLED_BARS && day.clicks > 0 ? (
                <text
                  x={center}
                  y={TOP + plotHeight - height - 4}
                  textAnchor="middle"
                  fontSize="12"
                  fill="#303030"
                >
                  {formatNumber(day.clicks)}
                </text>
              ) : null}
              {index % nameEvery === 0 ? (
                <text x={center} y={CHART_HEIGHT - 6} textAnchor="middle" fontSize="12" fill="#616161">
                  {dayLabel(day.day)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <details className="np-chart-table">
        <summary>Clicks per day as a table</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Clicks</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.day}>
                <th scope="row">{dayLabel(day.day)}</th>
                <td>{formatNumber(day.clicks)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </BlockStack>
  );
}
