import {
  apiKeyField,
  clientIdField,
  clientSecretField,
  consumerKeyField,
  consumerSecretField,
  delegatedUserField,
  passwordField,
  privateKeyField,
  scopesField,
  serviceAccountEmailField,
  tokenField,
  usernameField,
} from "./auth-fields";
import type { AuthField, CatalogApp } from "./types";

/** Which shop an account connects to: each end user's, in Shopify's OAuth and API-key schemes alike. */
const shopField: AuthField = {
  name: "shop",
  display_name: "Shop Subdomain",
  type: "string",
  description: "The part before .myshopify.com of the shop, e.g. acme for acme.myshopify.com.",
  required: true,
  is_secret: false,
  expected_from_customer: true,
  default: null,
};

/** The built-in apps. Ids are fixed so that fixtures, tests and saved data files stay valid across runs. */
export const apps: CatalogApp[] = [
  {
    id: "b6f612f8-94d7-4bd4-b613-9a9852460d31",
    key: "github",
    name: "github",
    displayName: "GitHub",
    description: "Code hosting, pull requests, issues and CI for software teams.",
    logo: "https://logos.integrations.example/github.svg",
    categories: ["developer-tools", "version-control"],
    auth_schemes: [
      {
        auth_mode: "OAUTH2",
        name: "GitHub OAuth",
        fields: [
          clientIdField,
          clientSecretField,
          scopesField(["repo", "read:user", "admin:repo_hook"]),
          {
            name: "base_url",
            display_name: "API Base URL",
            type: "string",
            description: "API base URL: https://api.github.com, or your GitHub Enterprise Server's /api/v3.",
            required: false,
            is_secret: false,
            expected_from_customer: false,
            default: "https://api.github.com",
          },
        ],
      },
      {
        auth_mode: "BEARER_TOKEN",
        name: "GitHub Personal Access Token",
        fields: [{ ...tokenField, display_name: "Personal Access Token" }],
      },
    ],
    serviceAuthSchemes: ["OAUTH2"],
  },
  {
    id: "03249405-1593-4b28-a434-2f50c85f6b44",
    key: "slack",
    name: "slack",
    displayName: "Slack",
    description: "Team messaging with channels, direct messages and apps.",
    logo: "https://logos.integrations.example/slack.svg",
    categories: ["communication", "collaboration"],
    auth_schemes: [
      {
        auth_mode: "OAUTH2",
        name: "Slack OAuth",
        fields: [
          clientIdField,
          clientSecretField,
          scopesField(["channels:history", "channels:read", "chat:write", "reactions:read", "users:read"]),
          {
            ...scopesField([]),
            name: "user_scopes",
            display_name: "User Scopes",
            description: 'Scopes requested for the user token, a list of strings, e.g. ["search:read"].',
            default: null,
          },
        ],
      },
      {
        auth_mode: "BEARER_TOKEN",
        name: "Slack Bot Token",
        fields: [
          {
            ...tokenField,
            display_name: "Bot User OAuth Token",
            description: "Bot token of your Slack app (starts with xoxb-).",
          },
        ],
      },
    ],
    serviceAuthSchemes: ["OAUTH2"],
  },
  {
    id: "417f0f2c-8db4-4424-9ae9-f2195a6b6a1a",
    key: "gmail",
    name: "gmail",
    displayName: "Gmail",
    description: "Google's email service.",
    logo: "https://logos.integrations.example/gmail.svg",
    categories: ["email", "productivity"],
    auth_schemes: [
      {
        auth_mode: "OAUTH2",
        name: "Google OAuth",
        fields: [
          clientIdField,
          clientSecretField,
          scopesField([
            "https://www.googleapis.com/auth/gmail.modify",
            "https://www.googleapis.com/auth/userinfo.email",
          ]),
        ],
      },
      {
        auth_mode: "BEARER_TOKEN",
        name: "Google Access Token",
        fields: [{ ...tokenField, description: "OAuth access token of the Google account." }],
      },
      {
        auth_mode: "GOOGLE_SERVICE_ACCOUNT",
        name: "Google Service Account",
        fields: [serviceAccountEmailField, privateKeyField, delegatedUserField],
      },
    ],
    serviceAuthSchemes: ["OAUTH2"],
  },
  {
    id: "18a06439-c157-4eb3-91d1-d7164c30cb14",
    key: "notion",
    name: "notion",
    displayName: "Notion",
    description: "Connected workspace for docs, wikis and databases.",
    logo: "https://logos.integrations.example/notion.svg",
    categories: ["productivity", "documentation"],
    auth_schemes: [
      {
        auth_mode: "OAUTH2",
        name: "Notion OAuth",
        fields: [clientIdField, clientSecretField],
      },
      {
        auth_mode: "API_KEY",
        name: "Notion Internal Integration",
        fields: [
          {
            ...apiKeyField,
            display_name: "Internal Integration Secret",
            description: "Secret of a Notion internal integration (starts with ntn_ or secret_).",
          },
        ],
      },
    ],
    serviceAuthSchemes: ["OAUTH2"],
  },
  {
    id: "be1fe6ea-3d01-481e-ac01-e0b365bf7d66",
    key: "linear",
    name: "linear",
    displayName: "Linear",
    description: "Issue tracking and project planning for product teams.",
    logo: "https://logos.integrations.example/linear.svg",
    categories: ["project-management", "developer-tools"],
    auth_schemes: [
      {
        auth_mode: "OAUTH2",
        name: "Linear OAuth",
        fields: [clientIdField, clientSecretField, scopesField(["read", "write"])],
      },
      {
        auth_mode: "API_KEY",
        name: "Linear Personal API Key",
        fields: [
          { ...apiKeyField, description: "Personal API key from Linear settings (starts with lin_api_)." },
        ],
      },
    ],
    serviceAuthSchemes: ["OAUTH2"],
  },
  {
    id: "e2610476-a193-477c-a66a-4669ede4bf4e",
    key: "jira",
    name: "jira",
    displayName: "Jira",
    description: "Atlassian's issue and project tracker.",
    logo: "https://logos.integrations.example/jira.svg",
    categories: ["project-management", "ticketing"],
    auth_schemes: [
      {
        auth_mode: "OAUTH2",
        name: "Atlassian OAuth 2.0 (3LO)",
        fields: [
          clientIdField,
          clientSecretField,
          scopesField(["read:jira-work", "write:jira-work", "read:jira-user", "offline_access"]),
        ],
      },
      {
        auth_mode: "BASIC",
        name: "Jira Cloud API Token",
        fields: [
          { ...usernameField, display_name: "Email", description: "Email address of the Atlassian account." },
          {
            ...passwordField,
            display_name: "API Token",
            description: "API token created at id.atlassian.com (used as the Basic auth password).",
          },
          {
            name: "subdomain",
            display_name: "Site Subdomain",
            type: "string",
            description:
              "The part before .atlassian.net of your Jira site, e.g. acme for acme.atlassian.net.",
            required: true,
            is_secret: false,
            expected_from_customer: true,
            default: null,
          },
        ],
      },
      {
        auth_mode: "OAUTH1",
        name: "Jira Data Center Application Link",
        fields: [
          consumerKeyField,
          { ...privateKeyField, description: "RSA private key of the application link." },
          {
            name: "base_url",
            display_name: "Jira Base URL",
            type: "string",
            description: "Base URL of your Jira Data Center instance, e.g. https://jira.acme.internal.",
            required: true,
            is_secret: false,
            expected_from_customer: true,
            default: null,
          },
        ],
      },
    ],
    serviceAuthSchemes: ["OAUTH2"],
  },
  {
    id: "7083cc53-9378-4231-b152-da28ee688edf",
    key: "googlecalendar",
    name: "googlecalendar",
    displayName: "Google Calendar",
    description: "Google's calendar for events, meetings and reminders.",
    logo: "https://logos.integrations.example/googlecalendar.svg",
    categories: ["productivity", "scheduling"],
    auth_schemes: [
      {
        auth_mode: "OAUTH2",
        name: "Google OAuth",
        fields: [clientIdField, clientSecretField, scopesField(["https://www.googleapis.com/auth/calendar"])],
      },
      {
        auth_mode: "GOOGLE_SERVICE_ACCOUNT",
        name: "Google Service Account",
        fields: [serviceAccountEmailField, privateKeyField, delegatedUserField],
      },
    ],
    serviceAuthSchemes: ["OAUTH2"],
  },
  {
    id: "2621afad-383b-486e-9545-c512ddfa4597",
    key: "hubspot",
    name: "hubspot",
    displayName: "HubSpot",
    description: "CRM for marketing, sales and customer service.",
    logo: "https://logos.integrations.example/hubspot.svg",
    categories: ["crm", "marketing"],
    auth_schemes: [
      {
        auth_mode: "OAUTH2",
        name: "HubSpot OAuth",
        fields: [
          clientIdField,
          clientSecretField,
          scopesField(["crm.objects.contacts.read", "crm.objects.deals.read", "crm.objects.companies.read"]),
        ],
      },
      {
        auth_mode: "BEARER_TOKEN",
        name: "HubSpot Private App",
        fields: [{ ...tokenField, display_name: "Private App Access Token" }],
      },
    ],
    serviceAuthSchemes: ["OAUTH2"],
  },
  {
    id: "e7316c97-c782-4418-a812-d3cfe3f9811e",
    key: "stripe",
    name: "stripe",
    displayName: "Stripe",
    description: "Online payments, subscriptions and invoicing.",
    logo: "https://logos.integrations.example/stripe.svg",
    categories: ["payments", "finance"],
    auth_schemes: [
      {
        auth_mode: "API_KEY",
        name: "Stripe Secret Key",
        fields: [
          {
            ...apiKeyField,
            display_name: "Secret Key",
            description: "Secret or restricted key (sk_live_..., sk_test_... or rk_...).",
          },
        ],
      },
      {
        auth_mode: "OAUTH2",
        name: "Stripe Connect",
        fields: [
          { ...clientIdField, description: "Connect platform client ID (starts with ca_)." },
          { ...clientSecretField, description: "Platform secret key used to exchange authorization codes." },
          scopesField(["read_write"]),
        ],
      },
    ],
    serviceAuthSchemes: ["OAUTH2"],
  },
  {
    id: "1b498c40-b410-4778-ab1e-f9d62d9be62c",
    key: "discord",
    name: "discord",
    displayName: "Discord",
    description: "Voice, video and text chat for communities.",
    logo: "https://logos.integrations.example/discord.svg",
    categories: ["communication", "community"],
    auth_schemes: [
      {
        auth_mode: "OAUTH2",
        name: "Discord OAuth",
        fields: [clientIdField, clientSecretField, scopesField(["identify", "guilds", "bot"])],
      },
      {
        auth_mode: "BEARER_TOKEN",
        name: "Discord Bot Token",
        fields: [
          { ...tokenField, display_name: "Bot Token", description: "Token of your Discord bot user." },
        ],
      },
    ],
    serviceAuthSchemes: ["OAUTH2"],
  },
  {
    id: "972d4cf3-6d99-4892-916d-258d0e770fe5",
    key: "trello",
    name: "trello",
    displayName: "Trello",
    description: "Kanban boards, lists and cards for organising work.",
    logo: "https://logos.integrations.example/trello.svg",
    categories: ["project-management", "collaboration"],
    auth_schemes: [
      {
        auth_mode: "OAUTH1",
        name: "Trello OAuth 1.0a",
        fields: [
          { ...consumerKeyField, description: "API key of your Trello Power-Up." },
          { ...consumerSecretField, description: "OAuth secret of your Trello Power-Up." },
        ],
      },
      {
        auth_mode: "API_KEY",
        name: "Trello API Key and Token",
        fields: [
          { ...apiKeyField, description: "The user's Trello API key (trello.com/app-key)." },
          {
            ...tokenField,
            description: "The user's token authorised for that API key (sent as the token parameter).",
          },
        ],
      },
    ],
    serviceAuthSchemes: ["OAUTH1"],
  },
  {
    id: "5c0f3a52-8e1b-4d6f-9a27-3b8e4c1d7f90",
    key: "shopify",
    name: "shopify",
    displayName: "Shopify",
    description: "Online stores: orders, products and customers.",
    logo: "https://logos.integrations.example/shopify.svg",
    categories: ["ecommerce", "sales"],
    auth_schemes: [
      {
        auth_mode: "OAUTH2",
        name: "Shopify OAuth",
        fields: [
          clientIdField,
          clientSecretField,
          scopesField(["read_orders", "read_products", "read_customers"]),
          shopField,
        ],
      },
      {
        auth_mode: "API_KEY",
        name: "Shopify Admin API Access Token",
        fields: [
          {
            ...apiKeyField,
            name: "admin_api_access_token",
            display_name: "Admin API Access Token",
            description: "Admin API access token of a custom app installed in the shop (starts with shpat_).",
          },
          shopField,
        ],
      },
    ],
    serviceAuthSchemes: ["OAUTH2"],
  },
  {
    id: "baebf03c-e888-48fa-bac6-376f5f6d6072",
    key: "hackernews",
    name: "hackernews",
    displayName: "Hacker News",
    description: "Y Combinator's news site for technology and startups, read through its public API.",
    logo: "https://logos.integrations.example/hackernews.svg",
    categories: ["news"],
    auth_schemes: [{ auth_mode: "NO_AUTH", name: "No Authentication", fields: [] }],
    serviceAuthSchemes: ["NO_AUTH"],
  },
];
