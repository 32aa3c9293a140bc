import express from "express";
import { notFound } from "~/server/domain-errors.server";
import { publicImage } from "~/services/popups/images.server";
import { sendError } from "./errors.server";

/**
 * GET /api/public/images/:imageId — a popup's uploaded image for any storefront. An id never changes
 * content, so browsers and CDNs keep it for a year.
 */
export const publicImageRouter = express.Router();

publicImageRouter.get("/api/public/images/:imageId", async (req, res) => {
  try {
    const image = await publicImage(req.params.imageId);
    if (!image) throw notFound("Image not found");
    res.setHeader("Content-Type", image.contentType);
    res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
    res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
    res.send(image.bytes);
  } catch (error) {
    sendError(res, error, "popup image failed");
  }
});
