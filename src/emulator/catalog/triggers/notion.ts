import type { CatalogTrigger } from "../types";

const logo = "https://logos.integrations.example/notion.svg";

const interval = {
  type: "integer",
  title: "Interval",
  description: "Minutes between two polls.",
  default: 5,
  minimum: 1,
};

const databaseProperties = {
  database_id: {
    type: "string",
    title: "Database ID",
    description:
      "ID of the Notion database (the 32-character id in its URL). Share it with the integration first.",
  },
  interval,
};

export const notionTriggers: CatalogTrigger[] = [
  {
    name: "NOTION_PAGE_ADDED_TO_DATABASE",
    display_name: "Page Added to Database",
    appKey: "notion",
    description: "Fires when a new page (row) is created in a database.",
    instructions: "Share the database with the integration, then give its ID.",
    type: "poll",
    logo,
    config: {
      type: "object",
      title: "PageAddedToDatabaseConfig",
      properties: databaseProperties,
      required: ["database_id"],
    },
    payload: {
      object: "page",
      id: "59833787-2cf9-4fdf-8782-e53db20768a5",
      created_time: "2024-11-04T10:00:00.000Z",
      parent: { type: "database_id", database_id: "d9824bdc-8445-4327-be8b-5b47500af6ce" },
      properties: {
        Name: { title: [{ plain_text: "Launch checklist" }] },
        Status: { select: { name: "Todo" } },
      },
      url: "https://www.notion.so/Launch-checklist-598337872cf94fdf8782e53db20768a5",
    },
    enabled: true,
  },
  {
    name: "NOTION_PAGE_UPDATED_IN_DATABASE",
    display_name: "Page Updated in Database",
    appKey: "notion",
    description: "Fires when a page of a database is edited.",
    instructions:
      "Share the database with the integration, then give its ID. Edits are detected by last_edited_time.",
    type: "poll",
    logo,
    config: {
      type: "object",
      title: "PageUpdatedInDatabaseConfig",
      properties: databaseProperties,
      required: ["database_id"],
    },
    payload: {
      object: "page",
      id: "59833787-2cf9-4fdf-8782-e53db20768a5",
      last_edited_time: "2024-11-04T11:30:00.000Z",
      last_edited_by: { object: "user", id: "ee5f0f84-409a-440f-983a-a5315961c6e4" },
      properties: { Status: { select: { name: "In progress" } } },
    },
    enabled: true,
  },
  {
    name: "NOTION_PAGE_ADDED_TRIGGER",
    display_name: "New Page",
    appKey: "notion",
    description: "Fires when a page is created anywhere the integration can see.",
    instructions: "Pages shared with the integration are searched every interval.",
    type: "poll",
    logo,
    config: {
      type: "object",
      title: "PageAddedConfig",
      properties: { interval },
      required: [],
    },
    payload: {
      object: "page",
      id: "1a2b3c4d-0000-4000-8000-000000000001",
      created_time: "2024-11-04T12:00:00.000Z",
      parent: { type: "page_id", page_id: "0f1e2d3c-0000-4000-8000-000000000002" },
      url: "https://www.notion.so/Meeting-notes-1a2b3c4d000040008000000000000001",
    },
    enabled: true,
  },
  {
    name: "NOTION_COMMENT_ADDED",
    display_name: "Comment Added",
    appKey: "notion",
    description: "Fires when a comment is added to a given page.",
    instructions: "Grant the integration the read comments capability and give the page ID.",
    type: "poll",
    logo,
    config: {
      type: "object",
      title: "CommentAddedConfig",
      properties: {
        page_id: {
          type: "string",
          title: "Page ID",
          description: "ID of the page whose comments are watched.",
        },
        interval,
      },
      required: ["page_id"],
    },
    payload: {
      object: "comment",
      id: "94cc56ab-9f02-409d-9f99-1037e9fe502f",
      discussion_id: "f1407351-36f5-4c49-a13c-49f8ba11776d",
      created_time: "2024-11-04T12:30:00.000Z",
      rich_text: [{ plain_text: "Can we move this to Friday?" }],
      created_by: { object: "user", id: "ee5f0f84-409a-440f-983a-a5315961c6e4" },
    },
    enabled: false,
  },
];
