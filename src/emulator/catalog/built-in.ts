import { apps } from "./apps";
import { discordTriggers } from "./triggers/discord";
import { githubTriggers } from "./triggers/github";
import { gmailTriggers } from "./triggers/gmail";
import { googlecalendarTriggers } from "./triggers/googlecalendar";
import { hackernewsTriggers } from "./triggers/hackernews";
import { hubspotTriggers } from "./triggers/hubspot";
import { jiraTriggers } from "./triggers/jira";
import { linearTriggers } from "./triggers/linear";
import { notionTriggers } from "./triggers/notion";
import { shopifyTriggers } from "./triggers/shopify";
import { slackTriggers } from "./triggers/slack";
import { stripeTriggers } from "./triggers/stripe";
import { trelloTriggers } from "./triggers/trello";
import type { Catalog } from "./types";

/** The catalog every emulator serves unless `EmulatorOptions.catalog` replaces it. */
export const builtInCatalog: Catalog = {
  apps,
  triggers: [
    ...githubTriggers,
    ...slackTriggers,
    ...gmailTriggers,
    ...notionTriggers,
    ...linearTriggers,
    ...jiraTriggers,
    ...googlecalendarTriggers,
    ...hubspotTriggers,
    ...stripeTriggers,
    ...discordTriggers,
    ...trelloTriggers,
    ...shopifyTriggers,
    ...hackernewsTriggers,
  ],
};
