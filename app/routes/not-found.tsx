import { data } from "react-router";
import { NotFoundState } from "~/components/screen-error";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = () => [{ title: "Page not found · Newsletter Popup" }];

export async function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundState />;
}
