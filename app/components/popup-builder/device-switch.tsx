import { Button, ButtonGroup } from "@shopify/polaris";
import { PREVIEW_DEVICES, type PreviewDevice } from "./popup-preview";

const devices = Object.keys(PREVIEW_DEVICES) as PreviewDevice[];

/** Which screen a preview stands for: a laptop or a phone (PREVIEW_DEVICES). */
export function DeviceSwitch({
  device,
  onChange,
}: {
  device: PreviewDevice;
  onChange: (device: PreviewDevice) => void;
}) {
  return (
    <ButtonGroup variant="segmented">
      {devices.map((name) => (
        <Button key={name} size="slim" pressed={device === name} onClick={() => onChange(name)}>
          {PREVIEW_DEVICES[name].label}
        </Button>
      ))}
    </ButtonGroup>
  );
}
