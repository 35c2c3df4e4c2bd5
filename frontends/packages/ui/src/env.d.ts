/// <reference types="vite/client" />
// The antd icon barrel without the components, loaded lazily by the icon catalogue.
declare module '@ant-design/icons/es/icons/index.js';
declare module '*.css';
