/**
 * SPEC §4/§9: confetti for 3 s on the success view. A small canvas animation; nothing is drawn when the
 * visitor prefers reduced motion. Returns a function that stops it early.
 */
const COLORS = ["#f43f5e", "#f59e0b", "#10b981", "#3b82f6", "#a855f7", "#facc15"];

export function startConfetti(canvas: HTMLCanvasElement, durationMs = 3000): () => void {
  const context = canvas.getContext("2d");
  if (!context || matchMedia("(prefers-reduced-motion: reduce)").matches) return () => {};
  const ratio = Math.min(devicePixelRatio || 1, 2);
  const width = canvas.clientWidth;
  const height = canvas.clientHeight;
  canvas.width = width * ratio;
  canvas.height = height * ratio;
  context.scale(ratio, ratio);
  const pieces = Array.from({ length: 90 }, (_, n) => ({
    x: width / 2 + (Math.random() - 0.5) * width * 0.4,
    y: height * 0.35,
    vx: (Math.random() - 0.5) * 9,
    vy: -Math.random() * 9 - 3,
    r: Math.random() * 6,
    spin: (Math.random() - 0.5) * 0.3,
    size: 5 + Math.random() * 5,
    color: COLORS[n % COLORS.length] as string,
  }));
  const start = performance.now();
  let frame = 0;
  const draw = (now: number) => {
    const elapsed = now - start;
    context.clearRect(0, 0, width, height);
    if (elapsed >= durationMs) return;
    context.globalAlpha = Math.min(1, (durationMs - elapsed) / 600);
    for (const p of pieces) {
      p.vy += 0.25;
      p.vx *= 0.99;
      p.x += p.vx;
      p.y += p.vy;
      p.r += p.spin;
      context.save();
      context.translate(p.x, p.y);
      context.rotate(p.r);
      context.fillStyle = p.color;
      context.fillRect(-p.size / 2, -p.size / 4, p.size, p.size / 2);
      context.restore();
    }
    frame = requestAnimationFrame(draw);
  };
  frame = requestAnimationFrame(draw);
  return () => {
    cancelAnimationFrame(frame);
    context.clearRect(0, 0, width, height);
  };
}
