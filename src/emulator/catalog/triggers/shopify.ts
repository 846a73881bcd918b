import type { CatalogTrigger } from "../types";

const logo = "https://logos.integrations.example/shopify.svg";

/** Shopify webhooks are per shop: the account's `shop` says which; no config is needed. */
const noConfig = (title: string): CatalogTrigger["config"] => ({
  type: "object",
  title,
  properties: {},
  required: [],
});

const order = {
  id: 820982911946154500,
  name: "#1001",
  email: "ada@example.com",
  currency: "EUR",
  total_price: "59.00",
  financial_status: "paid",
  line_items: [{ title: "Analytical Engine poster", quantity: 1, price: "59.00" }],
  created_at: "2024-11-04T12:00:00+01:00",
};

export const shopifyTriggers: CatalogTrigger[] = [
  {
    name: "SHOPIFY_ORDER_CREATED_TRIGGER",
    display_name: "Order Created",
    appKey: "shopify",
    description: "Fires when an order is placed in the shop.",
    instructions: "An orders/create webhook is registered on the account's shop.",
    type: "webhook",
    logo,
    config: noConfig("OrderCreatedConfig"),
    payload: { topic: "orders/create", order },
    enabled: true,
  },
  {
    name: "SHOPIFY_ORDER_PAID_TRIGGER",
    display_name: "Order Paid",
    appKey: "shopify",
    description: "Fires when an order's payment is captured.",
    instructions: "An orders/paid webhook is registered on the account's shop.",
    type: "webhook",
    logo,
    config: noConfig("OrderPaidConfig"),
    payload: { topic: "orders/paid", order },
    enabled: true,
  },
  {
    name: "SHOPIFY_PRODUCT_UPDATED_TRIGGER",
    display_name: "Product Updated",
    appKey: "shopify",
    description: "Fires when a product (title, price, variants, stock) changes.",
    instructions: "A products/update webhook is registered on the account's shop.",
    type: "webhook",
    logo,
    config: noConfig("ProductUpdatedConfig"),
    payload: {
      topic: "products/update",
      product: { id: 632910392, title: "Analytical Engine poster", status: "active", vendor: "Acme Prints" },
    },
    enabled: true,
  },
  {
    name: "SHOPIFY_NEW_CUSTOMER_TRIGGER",
    display_name: "New Customer",
    appKey: "shopify",
    description: "Fires when a customer account is created.",
    instructions: "A customers/create webhook is registered on the account's shop.",
    type: "webhook",
    logo,
    config: noConfig("NewCustomerConfig"),
    payload: {
      topic: "customers/create",
      customer: { id: 207119551, email: "grace@example.com", first_name: "Grace", last_name: "Hopper" },
    },
    enabled: true,
  },
];
