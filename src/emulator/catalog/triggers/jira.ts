import type { CatalogTrigger } from "../types";

const logo = "https://logos.integrations.example/jira.svg";

const projectProperties = {
  project_key: {
    type: "string",
    title: "Project Key",
    description: "Key of the Jira project, e.g. OPS.",
  },
};

export const jiraTriggers: CatalogTrigger[] = [
  {
    name: "JIRA_NEW_ISSUE_TRIGGER",
    display_name: "New Issue",
    appKey: "jira",
    description: "Fires when an issue is created in the project.",
    instructions:
      "Give the project key. A webhook for `jira:issue_created` filtered by the project is registered.",
    type: "webhook",
    logo,
    config: {
      type: "object",
      title: "NewIssueConfig",
      properties: projectProperties,
      required: ["project_key"],
    },
    payload: {
      webhookEvent: "jira:issue_created",
      timestamp: 1730715000000,
      issue: {
        id: "10042",
        key: "OPS-311",
        fields: {
          summary: "Disk usage above 90% on db-2",
          issuetype: { name: "Incident" },
          priority: { name: "High" },
          reporter: { displayName: "Alan Turing" },
        },
      },
    },
    enabled: true,
  },
  {
    name: "JIRA_ISSUE_UPDATED_TRIGGER",
    display_name: "Issue Updated",
    appKey: "jira",
    description: "Fires when an issue of the project is updated; the changelog lists the changed fields.",
    instructions: "Give the project key. A webhook for `jira:issue_updated` is registered.",
    type: "webhook",
    logo,
    config: {
      type: "object",
      title: "IssueUpdatedConfig",
      properties: {
        ...projectProperties,
        fields: {
          type: "string",
          title: "Fields",
          description: "Comma-separated field names; only changes to these fire. Empty means every field.",
        },
      },
      required: ["project_key"],
    },
    payload: {
      webhookEvent: "jira:issue_updated",
      issue: { key: "OPS-311", fields: { status: { name: "In Progress" } } },
      changelog: { items: [{ field: "status", fromString: "To Do", toString: "In Progress" }] },
      user: { displayName: "Alan Turing" },
    },
    enabled: true,
  },
  {
    name: "JIRA_NEW_COMMENT_TRIGGER",
    display_name: "New Comment",
    appKey: "jira",
    description: "Fires when a comment is added to an issue of the project.",
    instructions: "Give the project key. A webhook for `comment_created` is registered.",
    type: "webhook",
    logo,
    config: {
      type: "object",
      title: "NewCommentConfig",
      properties: projectProperties,
      required: ["project_key"],
    },
    payload: {
      webhookEvent: "comment_created",
      comment: {
        id: "20118",
        body: "Cleaned up old WAL files, usage back to 61%.",
        author: { displayName: "Katherine Johnson" },
        created: "2024-11-04T11:02:00.000+0000",
      },
      issue: { key: "OPS-311" },
    },
    enabled: true,
  },
  {
    name: "JIRA_NEW_PROJECT_TRIGGER",
    display_name: "New Project",
    appKey: "jira",
    description: "Polls the site's projects and fires for each new one.",
    instructions: "No configuration needed; the connected account must be able to browse projects.",
    type: "poll",
    logo,
    config: {
      type: "object",
      title: "NewProjectConfig",
      properties: {
        interval: {
          type: "integer",
          title: "Interval",
          description: "Minutes between two polls.",
          default: 15,
        },
      },
      required: [],
    },
    payload: {
      id: "10007",
      key: "MOB",
      name: "Mobile App",
      projectTypeKey: "software",
      lead: { displayName: "Margaret Hamilton" },
    },
    enabled: true,
  },
  {
    name: "JIRA_SPRINT_STARTED_TRIGGER",
    display_name: "Sprint Started",
    appKey: "jira",
    description: "Fires when a sprint starts on a board.",
    instructions: "Give the board ID (Jira Software only). A webhook for `sprint_started` is registered.",
    type: "webhook",
    logo,
    config: {
      type: "object",
      title: "SprintStartedConfig",
      properties: {
        board_id: { type: "integer", title: "Board ID", description: "ID of the Scrum board, e.g. 12." },
      },
      required: ["board_id"],
    },
    payload: {
      webhookEvent: "sprint_started",
      sprint: {
        id: 88,
        name: "MOB Sprint 14",
        state: "active",
        startDate: "2024-11-04T09:00:00.000Z",
        endDate: "2024-11-18T09:00:00.000Z",
        originBoardId: 12,
      },
    },
    enabled: false,
  },
];
