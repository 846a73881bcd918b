import type { CatalogTrigger } from "../types";

const logo = "https://logos.integrations.example/stripe.svg";

const webhookProperties = {
  livemode: {
    type: "boolean",
    title: "Live Mode",
    description: "Listen to live-mode events instead of test-mode events.",
    default: false,
  },
};

export const stripeTriggers: CatalogTrigger[] = [
  {
    name: "STRIPE_PAYMENT_SUCCEEDED_TRIGGER",
    display_name: "Payment Succeeded",
    appKey: "stripe",
    description: "Fires when a PaymentIntent succeeds (`payment_intent.succeeded`).",
    instructions:
      "A webhook endpoint subscribed to payment_intent.succeeded is created in your Stripe account.",
    type: "webhook",
    logo,
    config: { type: "object", title: "PaymentSucceededConfig", properties: webhookProperties, required: [] },
    payload: {
      id: "evt_3QHbUe2eZvKYlo2C0pYkz1aB",
      type: "payment_intent.succeeded",
      livemode: false,
      data: {
        object: {
          id: "pi_3QHbUe2eZvKYlo2C0cV4c9Xw",
          object: "payment_intent",
          amount: 2000,
          currency: "eur",
          customer: "cus_R9xYzAbCdEfGhI",
          status: "succeeded",
        },
      },
    },
    enabled: true,
  },
  {
    name: "STRIPE_CHARGE_FAILED_TRIGGER",
    display_name: "Charge Failed",
    appKey: "stripe",
    description: "Fires when a charge attempt fails (`charge.failed`).",
    instructions: "A webhook endpoint subscribed to charge.failed is created in your Stripe account.",
    type: "webhook",
    logo,
    config: { type: "object", title: "ChargeFailedConfig", properties: webhookProperties, required: [] },
    payload: {
      id: "evt_1QHbVf2eZvKYlo2CxYz12345",
      type: "charge.failed",
      data: {
        object: {
          id: "ch_3QHbVf2eZvKYlo2C1a2b3c4d",
          amount: 4900,
          currency: "usd",
          failure_code: "card_declined",
          failure_message: "Your card was declined.",
        },
      },
    },
    enabled: true,
  },
  {
    name: "STRIPE_CUSTOMER_CREATED_TRIGGER",
    display_name: "Customer Created",
    appKey: "stripe",
    description: "Fires when a customer is created (`customer.created`).",
    instructions: "A webhook endpoint subscribed to customer.created is created in your Stripe account.",
    type: "webhook",
    logo,
    config: { type: "object", title: "CustomerCreatedConfig", properties: webhookProperties, required: [] },
    payload: {
      id: "evt_1QHbWg2eZvKYlo2CabcdEFGH",
      type: "customer.created",
      data: { object: { id: "cus_R9xYzAbCdEfGhI", email: "jenny.rosen@example.com", name: "Jenny Rosen" } },
    },
    enabled: true,
  },
  {
    name: "STRIPE_SUBSCRIPTION_UPDATED_TRIGGER",
    display_name: "Subscription Updated",
    appKey: "stripe",
    description:
      "Fires when a subscription changes plan, quantity or status (`customer.subscription.updated`).",
    instructions:
      "A webhook endpoint subscribed to customer.subscription.updated is created in your Stripe account.",
    type: "webhook",
    logo,
    config: {
      type: "object",
      title: "SubscriptionUpdatedConfig",
      properties: webhookProperties,
      required: [],
    },
    payload: {
      id: "evt_1QHbXh2eZvKYlo2Cijklmnop",
      type: "customer.subscription.updated",
      data: {
        object: {
          id: "sub_1QHbXh2eZvKYlo2C",
          status: "active",
          items: { data: [{ price: { id: "price_pro" } }] },
        },
        previous_attributes: { items: { data: [{ price: { id: "price_basic" } }] } },
      },
    },
    enabled: true,
  },
  {
    name: "STRIPE_INVOICE_PAYMENT_FAILED_TRIGGER",
    display_name: "Invoice Payment Failed",
    appKey: "stripe",
    description: "Fires when paying an invoice fails (`invoice.payment_failed`).",
    instructions:
      "A webhook endpoint subscribed to invoice.payment_failed is created in your Stripe account.",
    type: "webhook",
    logo,
    config: {
      type: "object",
      title: "InvoicePaymentFailedConfig",
      properties: webhookProperties,
      required: [],
    },
    payload: {
      id: "evt_1QHbYi2eZvKYlo2Cqrstuvwx",
      type: "invoice.payment_failed",
      data: {
        object: {
          id: "in_1QHbYi2eZvKYlo2C",
          amount_due: 2900,
          attempt_count: 2,
          next_payment_attempt: 1730976000,
        },
      },
    },
    enabled: false,
  },
];
