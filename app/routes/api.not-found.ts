import { errorResponse } from "~/http/errors.server";
import { notFound } from "~/server/domain-errors.server";

/** Any /api path no route serves, whatever the method: the 404 JSON of every API refusal. */
const answerNotFound = () => errorResponse(notFound());

export const loader = answerNotFound;
export const action = answerNotFound;
