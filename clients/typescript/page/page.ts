// The sample API's web page (samples/WebApi/wwwroot): lists orders, creates one (a validation error shows its field
// errors), follows a live stream, and toggles Pack/JSON showing the bytes on the wire and the decode time. Built on the
// code `pack ts` generates from the sample API's served schema: its types and, from the schema's endpoints
// (docs/schema.md §5.3), the typed functions it calls (ordersList, ordersCreate, membersStream). Bundle: `npm run build:page`.
import { dateTimeOffsetToDate, PackClient, PackServerError, type PackDateTimeOffset, type PackExchangeEvent } from "../src/index.js";
import {
  type Member,
  membersStream,
  type Order,
  ordersCreate,
  ordersList,
  OrderStatus,
} from "../test/generated/sample-api-served.js";

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const statusNames = Object.fromEntries(Object.entries(OrderStatus).map(([k, v]) => [v, k])) as Record<number, string>;

// JSON answers (the JSON toggle) are converted to the same TypeScript shapes as Pack gives.
interface JsonOrder { id: number; customer: string; status: number; lines: { sku: string; quantity: number; unitPrice: number }[] | null; total: number; createdAt: string }
function offsetOf(iso: string): number {
  const m = /([+-])(\d{2}):(\d{2})$/.exec(iso);
  return m === null ? 0 : (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}
function orderFromJson(j: unknown): Order {
  const o = j as JsonOrder;
  const at = new Date(o.createdAt);
  const offsetMinutes = offsetOf(o.createdAt);
  const createdAt: PackDateTimeOffset = {
    ticks: BigInt(at.getTime() + offsetMinutes * 60_000) * 10_000n + 621_355_968_000_000_000n,
    offsetMinutes,
  };
  return {
    Id: o.id,
    Customer: o.customer,
    Status: o.status,
    Lines: (o.lines ?? []).map((l) => ({ Sku: l.sku, Quantity: l.quantity, UnitPrice: String(l.unitPrice) })),
    Total: String(o.total),
    CreatedAt: createdAt,
  };
}
function memberFromJson(j: unknown): Member {
  const m = j as { id: number; name: string | null; description: string | null; address: string | null; value: number; updateTime: number };
  return { Id: m.id, Name: m.name, Description: m.description, Address: m.address, Value: m.value, UpdateTime: BigInt(m.updateTime) };
}

let client = makeClient();
function makeClient(): PackClient {
  const json = ($("format-json") as HTMLInputElement | null)?.checked ?? false;
  return new PackClient({ baseUrl: location.origin + "/", preferJson: json, timeoutMs: 10_000, observer: showExchange });
}

// The traffic panel: what DevTools' Network tab shows as binary, decoded (the newest 40 lines).
function showExchange(event: PackExchangeEvent): void {
  const list = document.getElementById("traffic");
  if (list === null) {
    return;
  }
  const path = new URL(event.url).pathname;
  const what = event.phase === "item" ? `item ${event.index ?? 0}` : event.phase === "end" ? `end after ${event.index ?? 0} items` : event.phase;
  const value = event.error !== undefined ? `error: ${String(event.error)}` : event.value === undefined ? "" : JSON.stringify(event.value, (_, v: unknown) => (typeof v === "bigint" ? v.toString() : v));
  const li = document.createElement("li");
  li.dataset["phase"] = event.phase;
  li.textContent = `${event.method} ${path}${event.status === undefined ? "" : " → " + String(event.status)} · ${what} · ${event.contentType ?? "no body"}${event.fingerprint === null ? "" : " · " + event.fingerprint} ${value}`;
  list.append(li);
  while (list.childElementCount > 40) {
    list.firstElementChild?.remove();
  }
}

function wire(label: string): void {
  const s = client.lastResponse;
  $("wire").textContent = s === null ? "" : `${label}: ${s.bytes.toLocaleString()} bytes of ${s.contentType ?? "?"}, decoded in ${s.decodeMs.toFixed(2)} ms`;
}

async function listOrders(): Promise<void> {
  const orders = (await ordersList(client, { fromJson: (j) => (j as unknown[]).map(orderFromJson) })) ?? [];
  const body = $("orders");
  body.replaceChildren(
    ...orders.map((o) => {
      const tr = document.createElement("tr");
      tr.dataset["id"] = String(o!.Id);
      for (const text of [String(o!.Id), o!.Customer ?? "", statusNames[o!.Status] ?? String(o!.Status), o!.Total, dateTimeOffsetToDate(o!.CreatedAt).toISOString()]) {
        const td = document.createElement("td");
        td.textContent = text;
        tr.append(td);
      }
      return tr;
    }),
  );
  wire(`GET api/orders (${orders.length} orders)`);
}

async function createOrder(event: Event): Promise<void> {
  event.preventDefault();
  const errors = $("errors");
  errors.replaceChildren();
  const quantity = Number(($("quantity") as HTMLInputElement).value);
  const request = {
    Customer: ($("customer") as HTMLInputElement).value,
    Lines: quantity > 0 ? [{ Sku: ($("sku") as HTMLInputElement).value, Quantity: quantity, UnitPrice: ($("price") as HTMLInputElement).value }] : [],
    Status: OrderStatus.Pending,
  };
  try {
    const created = await ordersCreate(client, request, { fromJson: orderFromJson });
    $("created").textContent = `created order ${created?.Id}`;
    await listOrders();
  } catch (e) {
    if (!(e instanceof PackServerError)) throw e;
    $("created").textContent = `${e.status} ${e.title ?? ""}`;
    for (const [field, messages] of Object.entries(e.errors)) {
      const li = document.createElement("li");
      li.className = "field-error";
      li.textContent = `${field}: ${messages.join(" ")}`;
      errors.append(li);
    }
  }
}

let following: AbortController | null = null;
async function follow(): Promise<void> {
  following?.abort();
  const controller = new AbortController();
  following = controller;
  const list = $("events");
  list.replaceChildren();
  $("stream-state").textContent = "following…";
  try {
    for await (const m of membersStream(client, { count: 1000, delayMs: 150 }, { fromJson: memberFromJson, signal: controller.signal, timeoutMs: 0 })) {
      const li = document.createElement("li");
      li.textContent = `#${m!.Id} ${m!.Name} ${m!.Value}`;
      list.prepend(li);
      $("stream-count").textContent = String(list.childElementCount);
    }
    $("stream-state").textContent = "ended";
  } catch (e) {
    $("stream-state").textContent = controller.signal.aborted ? "cancelled" : `failed: ${String(e)}`;
  }
}

$("refresh").addEventListener("click", () => void listOrders());
$("create").addEventListener("submit", (e) => void createOrder(e));
$("follow").addEventListener("click", () => void follow());
$("stop").addEventListener("click", () => following?.abort(new DOMException("stopped by the user", "AbortError")));
for (const id of ["format-pack", "format-json"]) {
  $(id).addEventListener("change", () => {
    client = makeClient();
    void listOrders();
  });
}
void listOrders().then(() => document.body.setAttribute("data-ready", "true"));
