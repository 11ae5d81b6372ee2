export * from '@hexagent/sdk/sdk-tools';
