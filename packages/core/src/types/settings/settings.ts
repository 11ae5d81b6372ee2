/** The Claude Code settings object (settings.json, `--settings`, managed settings). */
export interface Settings {
  $schema?: string;
  apiKeyHelper?: string;
  proxyAuthHelper?: string;
  awsCredentialExport?: string;
  awsAuthRefresh?: string;
  gcpAuthRefresh?: string;
  processWrapper?: string;
  policyHelper?: {
    path: string;
    timeoutMs?: number;
    refreshIntervalMs?: 0 | number;
  };
  fileSuggestion?: {
    type: 'command';
    command: string;
  };
  respectGitignore?: boolean;
  cleanupPeriodDays?: number;
  desktopSessionCleanupPeriodDays?: number;
  syncClaudeAiSkills?: boolean;
  syncClaudeAiPlugins?: boolean;
  skillListingMaxDescChars?: number;
  skillListingBudgetFraction?: number;
  wslInheritsWindowsSettings?: boolean;
  env?: {
    [k: string]: string;
  };
  attribution?:
    | boolean
    | {
        commit?: string;
        pr?: string;
        sessionUrl?: boolean;
        [k: string]: unknown;
      };
  attributionProject?: string;
  attributionProjectPolicy?: {
    default?: string;
  };
  includeCoAuthoredBy?: boolean;
  includeGitInstructions?: boolean;
  permissions?: {
    allow?: string[];
    deny?: string[];
    ask?: string[];
    defaultMode?: 'acceptEdits' | 'auto' | 'bypassPermissions' | 'default' | 'dontAsk' | 'plan';
    disableBypassPermissionsMode?: 'disable';
    blockReadsOutsideWorkingDirectories?: boolean;
    blockWritesOutsideWorkingDirectories?: boolean;
    blockReadsExemptPaths?: string[];
    workingDirectoriesAsGiven?: string[];
    workingDirectoriesExclude?: string[];
    disableAutoMode?: 'disable';
    denyInsteadOfPrompting?: boolean;
    additionalDirectories?: string[];
    [k: string]: unknown;
  };
  model?: string;
  fallbackModel?: string[];
  availableModels?: string[];
  enforceAvailableModels?: boolean;
  availableModelsMatch?: 'prefix' | 'exact';
  deniedModels?: string[];
  modelOverrides?: {
    [k: string]: string;
  };
  modelPicker?: {
    options: {
      model: string;
      label?: string;
      description?: string;
      behavesAs?: string;
    }[];
    replaceBuiltInOptions?: boolean;
  };
  modelPricing?: {
    multiplier?: number;
    overrides?: {
      [k: string]: {
        input: number;
        output: number;
        cacheRead: number;
        cacheWrite: number;
      };
    };
  };
  enableAllProjectMcpServers?: boolean;
  enabledMcpjsonServers?: string[];
  disabledMcpjsonServers?: string[];
  disableClaudeAiConnectors?: boolean;
  skillOverrides?: {
    [k: string]: 'on' | 'name-only' | 'user-invocable-only' | 'off';
  };
  disableBundledSkills?: boolean;
  managedMcpServers?: {
    [k: string]: {
      [k: string]: unknown;
    };
  };
  allowedMcpServers?: {
    serverName?: string;
    serverCommand?: [string, ...string[]];
    serverUrl?: string;
  }[];
  deniedMcpServers?: {
    serverName?: string;
    serverCommand?: [string, ...string[]];
    serverUrl?: string;
  }[];
  hooks?: {
    [k: string]: {
      matcher?: string;
      hooks: (
        | {
            type: 'command';
            command: string;
            args?: string[];
            if?: string;
            shell?: 'bash' | 'powershell';
            timeout?: number;
            onFailure?: 'continue' | 'block';
            statusMessage?: string;
            once?: boolean;
            async?: boolean;
            asyncRewake?: boolean;
          }
        | {
            type: 'prompt';
            prompt: string;
            if?: string;
            timeout?: number;
            model?: string;
            continueOnBlock?: boolean;
            statusMessage?: string;
            once?: boolean;
          }
        | {
            type: 'agent';
            prompt: string;
            if?: string;
            timeout?: number;
            model?: string;
            statusMessage?: string;
            once?: boolean;
          }
        | {
            type: 'http';
            url: string;
            if?: string;
            timeout?: number;
            onFailure?: 'continue' | 'block';
            headers?: {
              [k: string]: string;
            };
            allowedEnvVars?: string[];
            statusMessage?: string;
            once?: boolean;
          }
        | {
            type: 'mcp_tool';
            server: string;
            tool: string;
            input?: {
              [k: string]: unknown;
            };
            if?: string;
            timeout?: number;
            onFailure?: 'continue' | 'block';
            statusMessage?: string;
            once?: boolean;
          }
      )[];
    }[];
  };
  worktree?: {
    symlinkDirectories?: string[];
    sparsePaths?: string[];
    baseRef?: 'fresh' | 'head';
    bgIsolation?: 'worktree' | 'none';
    location?: string;
  };
  disableAllHooks?: boolean;
  disableReplyCheck?: boolean;
  disableAgentView?: boolean;
  disableRemoteControl?: boolean;
  disableWorkflows?: boolean;
  disableArtifact?: boolean;
  enableArtifact?: boolean;
  enableWorkflows?: boolean;
  workflowSizeGuideline?: 'unrestricted' | 'small' | 'medium' | 'large';
  workflowKeywordTriggerEnabled?: boolean;
  disableSkillShellExecution?: boolean;
  disableWindowsBashCommandSplit?: boolean;
  defaultShell?: 'bash' | 'powershell';
  bashEditDiffEnabled?: boolean;
  bashOutputMaxChars?: number;
  taskOutputMaxChars?: number;
  respondToBashCommands?: boolean;
  allowManagedHooksOnly?: boolean;
  allowedHttpHookUrls?: string[];
  httpHookAllowedEnvVars?: string[];
  allowManagedPermissionRulesOnly?: boolean;
  allowManagedMcpServersOnly?: boolean;
  desktopMcpServersListScope?: string;
  allowAllClaudeAiMcps?: boolean;
  allowClaudeInChromeWithManagedMcp?: boolean;
  strictPluginOnlyCustomization?: boolean | ('skills' | 'agents' | 'hooks' | 'mcp')[];
  statusLine?: {
    type: 'command';
    command: string;
    padding?: number;
    refreshInterval?: number;
    hideVimModeIndicator?: boolean;
  };
  prUrlTemplate?: string;
  footerLinksRegexes?: (
    | {
        type: 'regex';
        pattern: string;
        url: string;
        label?: string;
        [k: string]: unknown;
      }
    | {
        type: string;
        [k: string]: unknown;
      }
  )[];
  subagentStatusLine?: {
    type: 'command';
    command: string;
  };
  enabledPlugins?: {
    [k: string]:
      | string[]
      | boolean
      | {
          [k: string]: unknown;
        };
  };
  prependPlugins?: string[];
  appendPlugins?: string[];
  extraKnownMarketplaces?: {
    [k: string]: {
      source:
        | {
            source: 'url';
            url: string;
            headers?: {
              [k: string]: string;
            };
            headersHelper?: string;
          }
        | {
            source: 'github';
            repo: string;
            ref?: string;
            path?: string;
            sparsePaths?: string[];
            skipLfs?: boolean;
          }
        | {
            source: 'git';
            url: string;
            ref?: string;
            path?: string;
            sparsePaths?: string[];
            skipLfs?: boolean;
          }
        | {
            source: 'npm';
            package: string;
            version?: string;
            registry?: string;
          }
        | {
            source: 'file';
            path: string;
          }
        | {
            source: 'directory';
            path: string;
          }
        | {
            source: 'skills-dir';
          }
        | {
            source: 'hostPattern';
            hostPattern: string;
          }
        | {
            source: 'pathPattern';
            pathPattern: string;
          }
        | {
            source: 'settings';
            name: string;
            plugins: {
              name: string;
              source:
                | string
                | {
                    source: 'npm';
                    package: string;
                    version?: string;
                    registry?: string;
                  }
                | {
                    source: 'url';
                    url: string;
                    ref?: string;
                    sha?: string;
                  }
                | {
                    source: 'github';
                    repo: string;
                    ref?: string;
                    sha?: string;
                  }
                | {
                    source: 'git-subdir';
                    url: string;
                    path: string;
                    ref?: string;
                    sha?: string;
                  }
                | {
                    source: 'archive';
                    url: string;
                    sha256?: string;
                  }
                | {
                    source: 'command';
                    command: string;
                    timeout?: number;
                    mode?: 'copy' | 'link';
                  }
                | {
                    source: 'unsupported';
                    error?: string;
                  };
              description?: string;
              version?: string;
              strict?: boolean;
              engines?: {
                [k: string]: unknown;
              };
              headers?: {
                [k: string]: string;
              };
              headersHelper?: string;
            }[];
            owner?: {
              name: string;
              email?: string;
              url?: string;
            };
          };
      installLocation?: string;
      autoUpdate?: boolean;
      pluginDigests?: {
        [k: string]: string[];
      };
    };
  };
  additionalMarketplaces?: {
    [k: string]: {
      source:
        | {
            source: 'url';
            url: string;
            headers?: {
              [k: string]: string;
            };
            headersHelper?: string;
          }
        | {
            source: 'github';
            repo: string;
            ref?: string;
            path?: string;
            sparsePaths?: string[];
            skipLfs?: boolean;
          }
        | {
            source: 'git';
            url: string;
            ref?: string;
            path?: string;
            sparsePaths?: string[];
            skipLfs?: boolean;
          }
        | {
            source: 'npm';
            package: string;
            version?: string;
            registry?: string;
          }
        | {
            source: 'file';
            path: string;
          }
        | {
            source: 'directory';
            path: string;
          }
        | {
            source: 'skills-dir';
          }
        | {
            source: 'hostPattern';
            hostPattern: string;
          }
        | {
            source: 'pathPattern';
            pathPattern: string;
          }
        | {
            source: 'settings';
            name: string;
            plugins: {
              name: string;
              source:
                | string
                | {
                    source: 'npm';
                    package: string;
                    version?: string;
                    registry?: string;
                  }
                | {
                    source: 'url';
                    url: string;
                    ref?: string;
                    sha?: string;
                  }
                | {
                    source: 'github';
                    repo: string;
                    ref?: string;
                    sha?: string;
                  }
                | {
                    source: 'git-subdir';
                    url: string;
                    path: string;
                    ref?: string;
                    sha?: string;
                  }
                | {
                    source: 'archive';
                    url: string;
                    sha256?: string;
                  }
                | {
                    source: 'command';
                    command: string;
                    timeout?: number;
                    mode?: 'copy' | 'link';
                  }
                | {
                    source: 'unsupported';
                    error?: string;
                  };
              description?: string;
              version?: string;
              strict?: boolean;
              engines?: {
                [k: string]: unknown;
              };
              headers?: {
                [k: string]: string;
              };
              headersHelper?: string;
            }[];
            owner?: {
              name: string;
              email?: string;
              url?: string;
            };
          };
      installLocation?: string;
      autoUpdate?: boolean;
      pluginDigests?: {
        [k: string]: string[];
      };
    };
  };
  strictKnownMarketplaces?: (
    | {
        source: 'url';
        url: string;
        headers?: {
          [k: string]: string;
        };
        headersHelper?: string;
      }
    | {
        source: 'github';
        repo: string;
        ref?: string;
        path?: string;
        sparsePaths?: string[];
        skipLfs?: boolean;
      }
    | {
        source: 'git';
        url: string;
        ref?: string;
        path?: string;
        sparsePaths?: string[];
        skipLfs?: boolean;
      }
    | {
        source: 'npm';
        package: string;
        version?: string;
        registry?: string;
      }
    | {
        source: 'file';
        path: string;
      }
    | {
        source: 'directory';
        path: string;
      }
    | {
        source: 'skills-dir';
      }
    | {
        source: 'hostPattern';
        hostPattern: string;
      }
    | {
        source: 'pathPattern';
        pathPattern: string;
      }
    | {
        source: 'settings';
        name: string;
        plugins: {
          name: string;
          source:
            | string
            | {
                source: 'npm';
                package: string;
                version?: string;
                registry?: string;
              }
            | {
                source: 'url';
                url: string;
                ref?: string;
                sha?: string;
              }
            | {
                source: 'github';
                repo: string;
                ref?: string;
                sha?: string;
              }
            | {
                source: 'git-subdir';
                url: string;
                path: string;
                ref?: string;
                sha?: string;
              }
            | {
                source: 'archive';
                url: string;
                sha256?: string;
              }
            | {
                source: 'command';
                command: string;
                timeout?: number;
                mode?: 'copy' | 'link';
              }
            | {
                source: 'unsupported';
                error?: string;
              };
          description?: string;
          version?: string;
          strict?: boolean;
          engines?: {
            [k: string]: unknown;
          };
          headers?: {
            [k: string]: string;
          };
          headersHelper?: string;
        }[];
        owner?: {
          name: string;
          email?: string;
          url?: string;
        };
      }
  )[];
  allowedMarketplaces?: (
    | {
        source: 'url';
        url: string;
        headers?: {
          [k: string]: string;
        };
        headersHelper?: string;
      }
    | {
        source: 'github';
        repo: string;
        ref?: string;
        path?: string;
        sparsePaths?: string[];
        skipLfs?: boolean;
      }
    | {
        source: 'git';
        url: string;
        ref?: string;
        path?: string;
        sparsePaths?: string[];
        skipLfs?: boolean;
      }
    | {
        source: 'npm';
        package: string;
        version?: string;
        registry?: string;
      }
    | {
        source: 'file';
        path: string;
      }
    | {
        source: 'directory';
        path: string;
      }
    | {
        source: 'skills-dir';
      }
    | {
        source: 'hostPattern';
        hostPattern: string;
      }
    | {
        source: 'pathPattern';
        pathPattern: string;
      }
    | {
        source: 'settings';
        name: string;
        plugins: {
          name: string;
          source:
            | string
            | {
                source: 'npm';
                package: string;
                version?: string;
                registry?: string;
              }
            | {
                source: 'url';
                url: string;
                ref?: string;
                sha?: string;
              }
            | {
                source: 'github';
                repo: string;
                ref?: string;
                sha?: string;
              }
            | {
                source: 'git-subdir';
                url: string;
                path: string;
                ref?: string;
                sha?: string;
              }
            | {
                source: 'archive';
                url: string;
                sha256?: string;
              }
            | {
                source: 'command';
                command: string;
                timeout?: number;
                mode?: 'copy' | 'link';
              }
            | {
                source: 'unsupported';
                error?: string;
              };
          description?: string;
          version?: string;
          strict?: boolean;
          engines?: {
            [k: string]: unknown;
          };
          headers?: {
            [k: string]: string;
          };
          headersHelper?: string;
        }[];
        owner?: {
          name: string;
          email?: string;
          url?: string;
        };
      }
  )[];
  blockedMarketplaces?: (
    | {
        source: 'url';
        url: string;
        headers?: {
          [k: string]: string;
        };
        headersHelper?: string;
      }
    | {
        source: 'github';
        repo: string;
        ref?: string;
        path?: string;
        sparsePaths?: string[];
        skipLfs?: boolean;
      }
    | {
        source: 'git';
        url: string;
        ref?: string;
        path?: string;
        sparsePaths?: string[];
        skipLfs?: boolean;
      }
    | {
        source: 'npm';
        package: string;
        version?: string;
        registry?: string;
      }
    | {
        source: 'file';
        path: string;
      }
    | {
        source: 'directory';
        path: string;
      }
    | {
        source: 'skills-dir';
      }
    | {
        source: 'hostPattern';
        hostPattern: string;
      }
    | {
        source: 'pathPattern';
        pathPattern: string;
      }
    | {
        source: 'settings';
        name: string;
        plugins: {
          name: string;
          source:
            | string
            | {
                source: 'npm';
                package: string;
                version?: string;
                registry?: string;
              }
            | {
                source: 'url';
                url: string;
                ref?: string;
                sha?: string;
              }
            | {
                source: 'github';
                repo: string;
                ref?: string;
                sha?: string;
              }
            | {
                source: 'git-subdir';
                url: string;
                path: string;
                ref?: string;
                sha?: string;
              }
            | {
                source: 'archive';
                url: string;
                sha256?: string;
              }
            | {
                source: 'command';
                command: string;
                timeout?: number;
                mode?: 'copy' | 'link';
              }
            | {
                source: 'unsupported';
                error?: string;
              };
          description?: string;
          version?: string;
          strict?: boolean;
          engines?: {
            [k: string]: unknown;
          };
          headers?: {
            [k: string]: string;
          };
          headersHelper?: string;
        }[];
        owner?: {
          name: string;
          email?: string;
          url?: string;
        };
      }
  )[];
  disableCommandPluginSources?: boolean;
  disableSideloadFlags?: boolean;
  pluginSuggestionMarketplaces?: string[];
  forceLoginMethod?: 'claudeai' | 'console' | 'gateway';
  forceLoginGatewayUrl?: string;
  gatewayInternalNetworks?: string[];
  parentSettingsBehavior?: 'first-wins' | 'merge';
  managedSourcesBehavior?: 'first-wins' | 'merge';
  forceLoginOrgUUID?: string | string[];
  allowNestedModelAccessUnderForceLogin?: boolean;
  allowedProviders?: (
    | 'anthropic'
    | 'customEndpoint'
    | 'bedrock'
    | 'vertex'
    | 'foundry'
    | 'anthropicAws'
    | 'mantle'
    | 'gateway'
  )[];
  forceRemoteSettingsRefresh?: boolean;
  otelHeadersHelper?: string;
  outputStyle?: string;
  viewMode?: 'default' | 'verbose' | 'focus';
  language?: string;
  skipWebFetchPreflight?: boolean;
  sandbox?: {
    enabled?: boolean;
    failIfUnavailable?: boolean;
    autoAllowBashIfSandboxed?: boolean;
    allowUnsandboxedCommands?: boolean;
    network?: {
      allowedDomains?: string[];
      deniedDomains?: string[];
      strictAllowlist?: boolean;
      allowManagedDomainsOnly?: boolean;
      allowUnixSockets?: string[];
      allowAllUnixSockets?: boolean;
      allowLocalBinding?: boolean;
      allowMachLookup?: string[];
      httpProxyPort?: number;
      socksProxyPort?: number;
      tlsTerminate?: {
        caCertPath?: string;
        caKeyPath?: string;
      };
    };
    filesystem?: {
      allowWrite?: string[];
      denyWrite?: string[];
      denyRead?: string[];
      allowRead?: string[];
      allowManagedReadPathsOnly?: boolean;
      disabled?: boolean;
    };
    credentials?: {
      files?: {
        path: string;
        mode: 'deny' | 'mask';
        extract?: string;
        onExtractNoMatch?: 'warn' | 'deny' | 'error';
        decode?: 'jwt';
        maskClaims?: string[];
        maskDuplicates?: boolean;
        injectHosts?: string[];
      }[];
      envVars?: {
        name: string;
        mode: 'deny' | 'mask';
        extract?: string;
        onExtractNoMatch?: 'warn' | 'deny' | 'error';
        decode?: 'jwt';
        maskClaims?: string[];
        injectHosts?: string[];
      }[];
      allowPlaintextInject?: boolean;
      awsPairs?: {
        accessKeyIdVar: string;
        secretAccessKeyVar: string;
        sessionTokenVar?: string;
      }[];
      sigv4?: {
        streaming?: 'deny' | 'passthrough';
        presigned?: 'deny' | 'passthrough';
        sigv4a?: 'deny' | 'passthrough';
      };
    };
    ignoreViolations?: {
      [k: string]: string[];
    };
    enableWeakerNestedSandbox?: boolean;
    allowNestedUserNamespaces?: boolean;
    enableWeakerNetworkIsolation?: boolean;
    allowAppleEvents?: boolean;
    excludedCommands?: string[];
    ripgrep?: {
      command: string;
      args?: string[];
    };
    bwrapPath?: string;
    socatPath?: string;
    [k: string]: unknown;
  };
  feedbackSurveyRate?: number;
  feedbackDrafts?: 'notify' | 'quiet' | 'off';
  spinnerTipsEnabled?: boolean;
  spinnerVerbs?: {
    mode: 'append' | 'replace';
    verbs: string[];
  };
  spinnerTipsOverride?: {
    excludeDefault?: boolean;
    tips?: (
      | string
      | {
          [k: string]: unknown;
        }
    )[];
    tipsFile?: string;
    label?: string;
    [k: string]: unknown;
  };
  syntaxHighlightingDisabled?: boolean;
  maxProseWidth?: number;
  spellcheck?: {
    enabled?: boolean;
    checker?: string;
    language?: string;
    color?: string;
    [k: string]: unknown;
  };
  terminalTitleFromRename?: boolean;
  promptCacheTtl?: '5m' | '1h';
  subagentPromptCacheTtl?: '5m' | '1h';
  alwaysThinkingEnabled?: boolean;
  effortLevel?: 'low' | 'medium' | 'high' | 'xhigh';
  maxEffortLevel?: 'low' | 'medium' | 'high' | 'xhigh' | 'max';
  modelSettings?: {
    [k: string]: {
      effortLevel?: 'low' | 'medium' | 'high' | 'xhigh';
      maxEffortLevel?: 'low' | 'medium' | 'high' | 'xhigh' | 'max';
      autoCompactWindow?: 'auto' | number;
      [k: string]: unknown;
    };
  };
  ultracode?: boolean;
  autoCompactWindow?: number;
  advisorModel?: string;
  fastMode?: boolean;
  fastModePerSessionOptIn?: boolean;
  promptSuggestionEnabled?: boolean;
  emojiCompletionEnabled?: boolean;
  showClearContextOnPlanAccept?: boolean;
  askUserQuestionTimeout?: '60s' | '5m' | '10m' | 'never';
  dialogExpiry?: '60s' | '5m' | '10m' | 'never';
  agent?: string;
  companyAnnouncements?: string[];
  pluginConfigs?: {
    [k: string]:
      | {
          mcpServers?: {
            [k: string]: {
              [k: string]: string | number | boolean | string[];
            };
          };
          options?: {
            [k: string]: string | number | boolean | string[];
          };
        }
      | {
          [k: string]: unknown;
        };
  };
  remote?: {
    defaultEnvironmentId?: string;
  };
  autoUpdatesChannel?: 'latest' | 'stable' | 'rc';
  minimumVersion?: string;
  requiredMinimumVersion?: string;
  requiredMaximumVersion?: string;
  /**
   * Anthropic-run mirror from which native installs download Claude Code releases, instead of
   * https://downloads.claude.ai. Must be exactly https://claude.fedstart.com/claude-downloads
   * (Claude for Government). Only read from managed (policy) settings.
   */
  downloadsMirrorUrl?: string;
  plansDirectory?: string;
  tui?: 'default' | 'fullscreen';
  voice?: {
    enabled?: boolean;
    mode?: 'hold' | 'tap';
    autoSubmit?: boolean;
  };
  channelsEnabled?: boolean;
  allowedChannelPlugins?: {
    marketplace: string;
    plugin: string;
  }[];
  prefersReducedMotion?: boolean;
  timeFormat?: ('auto' | '12-hour' | '24-hour' | '24-hour-utc') | string;
  timeZone?: string;
  autoMemoryEnabled?: boolean;
  autoMemoryDirectory?: string;
  autoDreamEnabled?: boolean;
  showThinkingSummaries?: boolean;
  skipDangerousModePermissionPrompt?: boolean;
  disableAutoMode?: 'disable';
  sshConfigs?: {
    id: string;
    name: string;
    sshHost: string;
    sshPort?: number;
    sshIdentityFile?: string;
    startDirectory?: string;
  }[];
  sshHostCommands?: unknown[];
  claudeMd?: string;
  claudeMdExcludes?: string[];
  pluginTrustMessage?: string;
  theme?: ('auto' | 'dark' | 'light' | 'light-daltonized' | 'dark-daltonized' | 'light-ansi' | 'dark-ansi') | string;
  editorMode?: 'normal' | 'vim';
  keybindingFlavor?: 'classic' | 'readline';
  vimInsertModeRemaps?: {
    [k: string]: unknown;
  };
  verbose?: boolean;
  preferredNotifChannel?:
    | 'auto'
    | 'iterm2'
    | 'terminal_bell'
    | 'iterm2_with_bell'
    | 'kitty'
    | 'ghostty'
    | 'notifications_disabled';
  autoCompactEnabled?: boolean;
  precomputeCompactionEnabled?: boolean;
  idleCompaction?: boolean;
  switchModelsOnFlag?: boolean;
  autoContinueAtUsageLimit?: boolean;
  autoScrollEnabled?: boolean;
  wheelScrollAccelerationEnabled?: boolean;
  /**
   * Snapshot files before edits so /rewind can restore them. In a session an SDK starts, only an
   * administrator's `false` applies, as the official SDK 0.3.332 documents it for the CLI.
   */
  fileCheckpointingEnabled?: boolean;
  showTurnDuration?: boolean;
  showMessageTimestamps?: boolean;
  terminalProgressBarEnabled?: boolean;
  todoFeatureEnabled?: boolean;
  teammateMode?: 'auto' | 'tmux' | 'iterm2' | 'in-process';
  remoteControlAtStartup?: boolean;
  isolatePeerMachines?: boolean;
  daemonColdStart?: 'transient' | 'ask';
  crossSessionInbound?: 'accept' | 'hold' | 'refuse';
  autoUploadSessions?: boolean;
  inputNeededNotifEnabled?: boolean;
  agentPushNotifEnabled?: boolean;
  skipAutoPermissionPrompt?: boolean;
  useAutoModeDuringPlan?: boolean;
  autoMode?: {
    allow?: string[];
    soft_deny?: string[];
    hard_deny?: string[];
    environment?: string[];
    classifyAllShell?: boolean;
  };
  disableDeepLinkRegistration?: 'disable';
  voiceEnabled?: boolean;
  defaultView?: 'chat' | 'transcript';
  [k: string]: unknown;
}
