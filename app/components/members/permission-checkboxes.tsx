import { BlockStack, Checkbox } from "@shopify/polaris";
import { type PermissionMap, permissionLabels, permissionNames } from "~/lib/permissions";

type Props = { value: PermissionMap; onChange: (value: PermissionMap) => void };

/** The seven SPEC §3 permissions as checkboxes (all unchecked by default). */
export function PermissionCheckboxes({ value, onChange }: Props) {
  return (
    <BlockStack gap="100">
      {permissionNames.map((name) => (
        <Checkbox
          key={name}
          label={permissionLabels[name]}
          checked={value[name] === true}
          onChange={(checked) => onChange({ ...value, [name]: checked })}
        />
      ))}
    </BlockStack>
  );
}
