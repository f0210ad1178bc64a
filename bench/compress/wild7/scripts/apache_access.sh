cat apache/logs/access.log
