import type { CatalogTrigger } from "../types";

const logo = "https://logos.integrations.example/github.svg";

const repositoryProperties = {
  owner: {
    type: "string",
    title: "Owner",
    description: "Owner of the repository (user or organisation), e.g. octocat.",
    examples: ["octocat"],
  },
  repo: {
    type: "string",
    title: "Repository",
    description: "Name of the repository without the owner, e.g. hello-world.",
    examples: ["hello-world"],
  },
};

export const githubTriggers: CatalogTrigger[] = [
  {
    name: "GITHUB_STAR_ADDED_EVENT",
    display_name: "Star Added",
    appKey: "github",
    description: "Fires when someone stars the repository.",
    instructions:
      "1. Connect a GitHub account with admin:repo_hook scope.\n2. Give the repository owner and name.\n3. A webhook for the `star` event is registered on the repository.",
    type: "webhook",
    logo,
    config: {
      type: "object",
      title: "StarAddedConfig",
      properties: repositoryProperties,
      required: ["owner", "repo"],
    },
    payload: {
      action: "created",
      starred_at: "2024-11-04T09:12:44Z",
      repository: { id: 1296269, full_name: "octocat/hello-world", stargazers_count: 1421 },
      sender: { login: "mona", id: 583231, type: "User" },
    },
    enabled: true,
  },
  {
    name: "GITHUB_COMMIT_EVENT",
    display_name: "New Commit",
    appKey: "github",
    description: "Fires for every commit pushed to the repository.",
    instructions:
      "Give the repository owner and name. A `push` webhook is registered; one event is sent per commit.",
    type: "webhook",
    logo,
    config: {
      type: "object",
      title: "CommitEventConfig",
      properties: repositoryProperties,
      required: ["owner", "repo"],
    },
    payload: {
      id: "6dcb09b5b57875f334f61aebed695e2e4193db5e",
      message: "Fix race in cache eviction",
      timestamp: "2024-11-04T10:01:27Z",
      author: { name: "Mona Lisa", email: "mona@example.com", username: "mona" },
      url: "https://github.com/octocat/hello-world/commit/6dcb09b5b57875f334f61aebed695e2e4193db5e",
      ref: "refs/heads/main",
    },
    enabled: true,
  },
  {
    name: "GITHUB_PULL_REQUEST_EVENT",
    display_name: "Pull Request Event",
    appKey: "github",
    description: "Fires when a pull request is opened, closed, reopened, edited or synchronised.",
    instructions:
      "Give the repository owner and name. A `pull_request` webhook is registered on the repository.",
    type: "webhook",
    logo,
    config: {
      type: "object",
      title: "PullRequestEventConfig",
      properties: repositoryProperties,
      required: ["owner", "repo"],
    },
    payload: {
      action: "opened",
      number: 1347,
      pull_request: {
        title: "Amazing new feature",
        state: "open",
        html_url: "https://github.com/octocat/hello-world/pull/1347",
        user: { login: "octocat" },
        head: { ref: "new-topic" },
        base: { ref: "main" },
      },
    },
    enabled: true,
  },
  {
    name: "GITHUB_ISSUE_ADDED_EVENT",
    display_name: "Issue Added",
    appKey: "github",
    description: "Fires when a new issue is opened in the repository.",
    instructions:
      "Give the repository owner and name. An `issues` webhook is registered; only `opened` is sent.",
    type: "webhook",
    logo,
    config: {
      type: "object",
      title: "IssueAddedConfig",
      properties: repositoryProperties,
      required: ["owner", "repo"],
    },
    payload: {
      action: "opened",
      issue: {
        number: 2048,
        title: "Crash when the config file is empty",
        body: "Steps to reproduce: ...",
        html_url: "https://github.com/octocat/hello-world/issues/2048",
        labels: [{ name: "bug" }],
        user: { login: "mona" },
      },
    },
    enabled: true,
  },
  {
    name: "GITHUB_FOLLOWER_EVENT",
    display_name: "New Follower",
    appKey: "github",
    description: "Polls the authenticated user's followers and fires for each new one.",
    instructions: "No configuration needed. Followers of the connected account are checked every interval.",
    type: "poll",
    logo,
    config: {
      type: "object",
      title: "FollowerEventConfig",
      properties: {
        interval: {
          type: "integer",
          title: "Interval",
          description: "Minutes between two polls.",
          default: 15,
          minimum: 1,
        },
      },
      required: [],
    },
    payload: {
      login: "hubot",
      id: 1033,
      html_url: "https://github.com/hubot",
      type: "User",
    },
    enabled: false,
  },
];
