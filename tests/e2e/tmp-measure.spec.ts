import { apiAs, createStore, unique } from "./support/api";
import { login } from "./support/auth";
import { expect, test } from "./support/fixtures";
import { ADMIN, MAIN } from "./support/servers";

test("measure", async ({ page }) => {
  const api = await apiAs(MAIN, ADMIN.email, ADMIN.password);
  const store = await createStore(api, { name: unique("M"), shopifyUrl: "https://m.example.com" });
  await login(page, ADMIN.email, ADMIN.password);
  await page.goto(`/store/${store.id}/popup-builder`);
  const popup = page.locator("[data-testid=popup-preview]");
  await popup.getByLabel("Email address").fill("jane@acme-corp.example");
  await popup.getByRole("button", { name: "SUBMIT" }).click();
  await expect(popup.getByLabel("Discount code")).toHaveValue("WELCOME15", { timeout: 5000 });
  const m = await popup
    .getByLabel("Discount code")
    .evaluate((el: HTMLInputElement) => ({
      sw: el.scrollWidth,
      cw: el.clientWidth,
      dlg: el.closest(".dlg")?.clientWidth,
      ov: el.closest(".ov")?.clientWidth,
    }));
  await page.locator("[data-testid=popup-preview]").screenshot({ path: "/tmp/preview-success.png" });
  test.info().annotations.push({ type: "m", description: JSON.stringify(m) });
  process.stdout.write(`MEASURE ${JSON.stringify(m)}\n`);
  await api.dispose();
});
