import * as pulumi from "@pulumi/pulumi";
import { ConnectedAccount, Connector, TriggerInstance, TriggerWebhook } from "pulumi-integrations";

const config = new pulumi.Config();
const boardId = config.require("boardId");

// A Trello connector. Its API_KEY scheme needs nothing of the developer, so it takes no authConfig: the
// key and token are each end user's (the connector's expectedInputFields: api_key, token).
const trello = new Connector("trello", { appName: "trello", authScheme: "API_KEY" });

// One person's account on it: their own key and token, secret in state and never shown by the service.
// A missing field is named at preview (the connector's id is known from the second run on) or, on the
// first run, before the account is created.
const releaseBoard = new ConnectedAccount("release-board", {
  integrationId: trello.id,
  data: { api_key: config.requireSecret("trelloApiKey"), token: config.requireSecret("trelloUserToken") },
  labels: ["releases"],
});

// What the service watches on that account. triggerConfig is checked against each trigger's schema at
// preview; a config change makes a new instance before the old one goes.
const newCards = new TriggerInstance("new-cards", {
  connectedAccountId: releaseBoard.id,
  triggerName: "TRELLO_NEW_CARD_TRIGGER",
  triggerConfig: { board_id: boardId },
});
const movedCards = new TriggerInstance("moved-cards", {
  connectedAccountId: releaseBoard.id,
  triggerName: "TRELLO_CARD_MOVED_TRIGGER",
  triggerConfig: { board_id: boardId },
});

// Where events are delivered: receiver.ts beside this file verifies and prints them.
const events = new TriggerWebhook("events", { url: config.require("receiverUrl") });

export const accountStatus = releaseBoard.status;
export const newCardsInstanceId = newCards.id;
export const movedCardsInstanceId = movedCards.id;
export const callbackUrl = events.url;
/** Give it to the receiver: `WEBHOOK_SECRET=$(pulumi stack output webhookSecret --show-secrets)`. */
export const webhookSecret = events.webhookSecret;
