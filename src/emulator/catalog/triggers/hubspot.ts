import type { CatalogTrigger } from "../types";

const logo = "https://logos.integrations.example/hubspot.svg";

const interval = {
  type: "integer",
  title: "Interval",
  description: "Minutes between two polls.",
  default: 5,
  minimum: 1,
};

const pollProperties = {
  interval,
  properties: {
    type: "string",
    title: "Properties",
    description: "Comma-separated CRM properties to include in the payload.",
  },
};

export const hubspotTriggers: CatalogTrigger[] = [
  {
    name: "HUBSPOT_CONTACT_CREATED_TRIGGER",
    display_name: "Contact Created",
    appKey: "hubspot",
    description: "Fires when a contact is created in the CRM.",
    instructions: "Grant the crm.objects.contacts.read scope. Optionally list extra properties to fetch.",
    type: "poll",
    logo,
    config: { type: "object", title: "ContactCreatedConfig", properties: pollProperties, required: [] },
    payload: {
      id: "51",
      properties: {
        email: "lead@example.com",
        firstname: "Hedy",
        lastname: "Lamarr",
        lifecyclestage: "lead",
        createdate: "2024-11-04T10:40:00.000Z",
      },
      archived: false,
    },
    enabled: true,
  },
  {
    name: "HUBSPOT_DEAL_STAGE_UPDATED_TRIGGER",
    display_name: "Deal Stage Changed",
    appKey: "hubspot",
    description: "Fires when a deal moves to another pipeline stage.",
    instructions: "Grant the crm.objects.deals.read scope. Optionally restrict to one pipeline.",
    type: "poll",
    logo,
    config: {
      type: "object",
      title: "DealStageUpdatedConfig",
      properties: {
        ...pollProperties,
        pipeline: { type: "string", title: "Pipeline", description: "Pipeline ID, e.g. default." },
      },
      required: [],
    },
    payload: {
      id: "9001",
      properties: {
        dealname: "Acme renewal",
        amount: "24000",
        dealstage: "contractsent",
        pipeline: "default",
      },
      previousStage: "qualifiedtobuy",
    },
    enabled: true,
  },
  {
    name: "HUBSPOT_COMPANY_CREATED_TRIGGER",
    display_name: "Company Created",
    appKey: "hubspot",
    description: "Fires when a company is created in the CRM.",
    instructions: "Grant the crm.objects.companies.read scope.",
    type: "poll",
    logo,
    config: { type: "object", title: "CompanyCreatedConfig", properties: pollProperties, required: [] },
    payload: {
      id: "7312",
      properties: { name: "Initech", domain: "initech.example", industry: "COMPUTER_SOFTWARE" },
    },
    enabled: true,
  },
  {
    name: "HUBSPOT_FORM_SUBMISSION_TRIGGER",
    display_name: "Form Submission",
    appKey: "hubspot",
    description: "Fires when a HubSpot form is submitted.",
    instructions: "Give the form's GUID (from the form editor URL). Grant the forms scope.",
    type: "poll",
    logo,
    config: {
      type: "object",
      title: "FormSubmissionConfig",
      properties: {
        formGuid: { type: "string", title: "Form GUID", description: "GUID of the form to watch." },
        interval,
      },
      required: ["formGuid"],
    },
    payload: {
      formGuid: "4f4d3a2b-1c0d-4e9f-8a7b-6c5d4e3f2a1b",
      submittedAt: 1730716800000,
      values: [
        { name: "email", value: "visitor@example.com" },
        { name: "company", value: "Globex" },
      ],
      pageUrl: "https://www.example.com/demo",
    },
    enabled: true,
  },
  {
    name: "HUBSPOT_TICKET_CREATED_TRIGGER",
    display_name: "Ticket Created",
    appKey: "hubspot",
    description: "Fires when a support ticket is created.",
    instructions: "Grant the tickets scope (Service Hub).",
    type: "poll",
    logo,
    config: { type: "object", title: "TicketCreatedConfig", properties: pollProperties, required: [] },
    payload: {
      id: "3004",
      properties: { subject: "Cannot reset password", hs_pipeline_stage: "1", hs_ticket_priority: "HIGH" },
    },
    enabled: false,
  },
];
