import { useEffect, useRef } from "react";
import { formatCompactCount, formatNumber } from "~/lib/format";

export type DailySeries = { label: string; color: string; values: number[] };

/** Tick steps for counts: 1, 2, 2.5 and 5 times a power of ten, never below 1 (no half a subscriber). */
const COUNT_STEPS = Array.from({ length: 10 }, (_, power) =>
  [1, 2, 2.5, 5].map((factor) => factor * 10 ** power).filter(Number.isInteger),
).flat();

/** The top of the y-axis: the first tick step at or above the highest count, so that a tick marks the peak's level. */
const axisTop = (max: number) => COUNT_STEPS.find((step) => step >= max) ?? max;

/** The y-axis's width for its widest label ("100K", "2.5M"): about 7 px a character at uPlot's 12 px font. */
const axisWidth = (labels: string[] | null) =>
  24 + 7 * Math.max(1, ...(labels ?? []).map((label) => label.length));

/** "Nov 24": the day a point stands for (the series are per UTC day). */
const dayLabel = (seconds: number) =>
  new Date(seconds * 1000).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

type Props = { dates: string[]; series: DailySeries[]; height?: number; ariaLabel: string };

/**
 * A per-day line chart drawn by uPlot, loaded lazily in the browser only: the chart's code stays out
 * of the page's first JavaScript, and the fixed-height box keeps the layout from shifting.
 */
export function DailyChart({ dates, series, height = 220, ariaLabel }: Props) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let chart:
      | { destroy: () => void; setSize: (size: { width: number; height: number }) => void }
      | undefined;
    let cancelled = false;
    const resize = new ResizeObserver(() => chart?.setSize({ width: element.clientWidth, height }));
    void Promise.all([import("uplot"), import("uplot/dist/uPlot.min.css")]).then(([{ default: UPlot }]) => {
      if (cancelled) return;
      const xs = dates.map((date) => Date.parse(`${date}T00:00:00Z`) / 1000);
      chart = new UPlot(
        {
          width: element.clientWidth,
          height,
          // The legend reads the day under the pointer and its values; off the chart, the latest day's
          // (uPlot's own default is "Time: -- New subscribers: --" until the pointer arrives).
          legend: { show: true, live: true },
          scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, axisTop(Math.max(1, max))] } },
          // Counts: whole-number ticks only (no half a subscriber).
          axes: [
            {},
            {
              size: (_u, labels) => axisWidth(labels),
              incrs: COUNT_STEPS,
              values: (_u, ticks) => {
                // The ticks drawn and their labels, readable outside the canvas (the tests check them).
                const labels = ticks.map(formatCompactCount);
                element.dataset.yTicks = ticks.join(" ");
                element.dataset.yLabels = labels.join(" ");
                return labels;
              },
            },
          ],
          series: [
            { label: "Day", value: (_u, x) => dayLabel(x ?? xs[xs.length - 1] ?? 0) },
            ...series.map((line) => ({
              label: line.label,
              value: (_u: unknown, y: number | null) =>
                formatNumber(y ?? line.values[line.values.length - 1] ?? 0),
              stroke: line.color,
              width: 2,
              fill: `${line.color}22`,
            })),
          ],
        },
        [xs, ...series.map((line) => line.values)],
        element,
      );
      resize.observe(element);
    });
    return () => {
      cancelled = true;
      resize.disconnect();
      chart?.destroy();
    };
  }, [dates, series, height]);

  return <div ref={container} role="img" aria-label={ariaLabel} style={{ minHeight: height + 40 }} />;
}
