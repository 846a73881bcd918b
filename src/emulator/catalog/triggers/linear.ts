import type { CatalogTrigger } from "../types";

const logo = "https://logos.integrations.example/linear.svg";

const teamProperties = {
  team_id: {
    type: "string",
    title: "Team ID",
    description: "ID of the Linear team to watch. Leave empty for every team the account can see.",
  },
};

export const linearTriggers: CatalogTrigger[] = [
  {
    name: "LINEAR_ISSUE_CREATED_TRIGGER",
    display_name: "Issue Created",
    appKey: "linear",
    description: "Fires when an issue is created.",
    instructions:
      "A webhook for Issue events is registered in the workspace. Optionally restrict to one team.",
    type: "webhook",
    logo,
    config: { type: "object", title: "IssueCreatedConfig", properties: teamProperties, required: [] },
    payload: {
      action: "create",
      type: "Issue",
      data: {
        id: "2174add1-f7c8-44e3-bbf3-2d60b5ea8bc9",
        identifier: "ENG-1432",
        title: "Flaky login test on CI",
        priority: 2,
        state: { name: "Triage" },
        team: { key: "ENG" },
      },
      url: "https://linear.app/acme/issue/ENG-1432",
      createdAt: "2024-11-04T10:20:00.000Z",
    },
    enabled: true,
  },
  {
    name: "LINEAR_ISSUE_UPDATED_TRIGGER",
    display_name: "Issue Updated",
    appKey: "linear",
    description: "Fires when an issue changes (state, assignee, priority, labels...).",
    instructions: "A webhook for Issue events is registered; `updatedFrom` holds the previous values.",
    type: "webhook",
    logo,
    config: { type: "object", title: "IssueUpdatedConfig", properties: teamProperties, required: [] },
    payload: {
      action: "update",
      type: "Issue",
      data: {
        id: "2174add1-f7c8-44e3-bbf3-2d60b5ea8bc9",
        identifier: "ENG-1432",
        state: { name: "In Progress" },
      },
      updatedFrom: { stateId: "0d3a7f6e-6a51-4c7f-9d47-6f0a1c9c2b11" },
    },
    enabled: true,
  },
  {
    name: "LINEAR_COMMENT_EVENT_TRIGGER",
    display_name: "Comment Event",
    appKey: "linear",
    description: "Fires when a comment is created, updated or removed on an issue.",
    instructions: "A webhook for Comment events is registered in the workspace.",
    type: "webhook",
    logo,
    config: { type: "object", title: "CommentEventConfig", properties: teamProperties, required: [] },
    payload: {
      action: "create",
      type: "Comment",
      data: {
        id: "a0c5b6b0-51f5-4d8e-8c3e-9d0e3c0b1f77",
        body: "Reproduced on main, bisecting now.",
        issue: { identifier: "ENG-1432" },
        user: { name: "Grace Hopper" },
      },
    },
    enabled: true,
  },
  {
    name: "LINEAR_PROJECT_UPDATE_CREATED",
    display_name: "Project Update Posted",
    appKey: "linear",
    description: "Fires when a status update is posted on a project.",
    instructions: "A webhook for ProjectUpdate events is registered in the workspace.",
    type: "webhook",
    logo,
    config: { type: "object", title: "ProjectUpdateCreatedConfig", properties: {}, required: [] },
    payload: {
      action: "create",
      type: "ProjectUpdate",
      data: {
        id: "5d0e8f1a-2b3c-4d5e-8f90-a1b2c3d4e5f6",
        health: "onTrack",
        body: "Beta shipped to 10% of users.",
        project: { name: "Self-serve onboarding" },
      },
    },
    enabled: true,
  },
];
