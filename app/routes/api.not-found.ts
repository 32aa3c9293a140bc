import { data } from "react-router";

const notFound = () => data({ message: "Not found" }, { status: 404 });

export const loader = notFound;
export const action = notFound;
