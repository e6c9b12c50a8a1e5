#!/usr/bin/env kotlin
// 配置 Gradle 阿里云镜像 + 常用性能参数
// 用法: kotlin configure-mirror.main.kts [--dry-run]
// 只按行替换下面 wantedProps 中的键，gradle.properties 里的其他内容（含私服凭据）原样保留、不输出。

import java.io.File

val dryRun = args.contains("--dry-run")
val gradleHome = File(System.getenv("GRADLE_USER_HOME") ?: "${System.getProperty("user.home")}/.gradle")
val initDir = File(gradleHome, "init.d")
val initScript = File(initDir, "aliyun-mirror.gradle.kts")
val propsFile = File(gradleHome, "gradle.properties")

// 原始仓库地址 -> 阿里云镜像（https://developer.aliyun.com/mvn/guide）
val mirrors = linkedMapOf(
    "https://repo.maven.apache.org/maven2" to "https://maven.aliyun.com/repository/central",
    "https://repo1.maven.org/maven2" to "https://maven.aliyun.com/repository/central",
    "https://dl.google.com/dl/android/maven2" to "https://maven.aliyun.com/repository/google",
    "https://maven.google.com" to "https://maven.aliyun.com/repository/google",
    "https://plugins.gradle.org/m2" to "https://maven.aliyun.com/repository/gradle-plugin",
)

fun renderInitScript(): String {
    val entries = mirrors.entries.joinToString(",\n") { (from, to) -> "    \"$from\" to \"$to\"" }
    return """
        |// 由 gradle-build-accelerate 生成，删除本文件即可撤销
        |val mirrorMap = mapOf(
        |$entries
        |)
        |
        |fun RepositoryHandler.useMirrors() {
        |    all {
        |        if (this is MavenArtifactRepository) {
        |            val original = url.toString().trimEnd('/')
        |            mirrorMap[original]?.let { target ->
        |                logger.info("mirror: ${'$'}original -> ${'$'}target")
        |                setUrl(target)
        |            }
        |        }
        |    }
        |}
        |
        |settingsEvaluated {
        |    pluginManagement.repositories.useMirrors()
        |    dependencyResolutionManagement.repositories.useMirrors()
        |}
        |
        |allprojects {
        |    buildscript.repositories.useMirrors()
        |    repositories.useMirrors()
        |}
        |""".trimMargin()
}

val wantedProps = linkedMapOf(
    "org.gradle.parallel" to "true",
    "org.gradle.caching" to "true",
    "org.gradle.configuration-cache" to "true",
    "org.gradle.jvmargs" to "-Xmx4g -XX:+UseParallelGC -Dfile.encoding=UTF-8",
    "org.gradle.daemon" to "true",
)

/** 返回 (合并后的全文, 变更摘要)；摘要只包含 wantedProps 的键，不含其他行 */
fun mergedProps(): Pair<String, List<String>> {
    val lines = if (propsFile.exists()) propsFile.readLines().toMutableList() else mutableListOf()
    val changes = mutableListOf<String>()
    for ((k, v) in wantedProps) {
        val idx = lines.indexOfFirst { it.trimStart().startsWith("$k=") }
        if (idx >= 0) {
            if (lines[idx] != "$k=$v") changes += "~ $k=$v"
            lines[idx] = "$k=$v"
        } else {
            lines += "$k=$v"
            changes += "+ $k=$v"
        }
    }
    return lines.joinToString("\n") + "\n" to changes
}

val script = renderInitScript()
val (props, changes) = mergedProps()

if (dryRun) {
    println("== 将写入 ${initScript.path}\n$script")
    println("== 将修改 ${propsFile.path}（仅以下键）")
    changes.ifEmpty { listOf("(无变化)") }.forEach { println("  $it") }
} else {
    initDir.mkdirs()
    initScript.writeText(script)
    if (propsFile.exists()) propsFile.copyTo(File(gradleHome, "gradle.properties.bak"), overwrite = true)
    propsFile.writeText(props)
    println("已写入 ${initScript.path}")
    println("已更新 ${propsFile.path}（备份: gradle.properties.bak）")
    println("请执行 ./gradlew --stop 后重新构建")
}
