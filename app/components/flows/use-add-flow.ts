import { useAction } from "~/components/use-action";
import { useScreenNavigate } from "~/components/use-screen-navigate";
import { apiRequest } from "~/lib/api-client";
import type { FlowTemplate } from "~/lib/schemas/flows";
import { flowPath, flowsApi } from "./paths";

/** Adds a built-in flow (paused) and opens it in the editor. */
export function useAddFlow(storeId: string) {
  const navigate = useScreenNavigate();
  const { pending, run } = useAction();
  const add = (template: FlowTemplate) =>
    run(
      async () => {
        const flow = await apiRequest<{ id: string }>("POST", flowsApi(storeId), { template });
        await navigate(flowPath(storeId, flow.id));
      },
      { message: "The automation could not be added", navigates: true },
    );
  return { add, pending };
}
