import { z } from "zod";

/** The longest link or image address a form takes (far above any real one). */
export const MAX_URL = 2048;

/** Trimmed text up to `max` characters, its messages naming the field. */
export const textField = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`);

export const requiredField = (label: string, max: number) =>
  textField(label, max).min(1, `${label} is required`);
