#!/usr/bin/env kotlin
// 配置 Gradle 阿里云镜像 + 常用性能参数
// 用法: kotlin configure-mirror.main.kts [--dry-run]

import java.io.File
import java.util.Properties

val dryRun = args.contains("--dry-run")
val gradleHome = File(System.getenv("GRADLE_USER_HOME") ?: "${System.getProperty("user.home")}/.gradle")
val initDir = File(gradleHome, "init.d")
val initScript = File(initDir, "aliyun-mirror.gradle.kts")
val propsFile = File(gradleHome, "gradle.properties")

// 原始仓库地址 -> 阿里云镜像
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

fun mergedProps(): String {
    val props = Properties()
    if (propsFile.exists()) propsFile.inputStream().use { props.load(it) }
    val lines = if (propsFile.exists()) propsFile.readLines().toMutableList() else mutableListOf()
    for ((k, v) in wantedProps) {
        val idx = lines.indexOfFirst { it.trimStart().startsWith("$k=") }
        if (idx >= 0) lines[idx] = "$k=$v" else lines += "$k=$v"
    }
    return lines.joinToString("\n") + "\n"
}

val script = renderInitScript()
val props = mergedProps()

if (dryRun) {
    println("== ${initScript.path}\n$script")
    println("== ${propsFile.path}\n$props")
} else {
    initDir.mkdirs()
    initScript.writeText(script)
    if (propsFile.exists()) propsFile.copyTo(File(gradleHome, "gradle.properties.bak"), overwrite = true)
    propsFile.writeText(props)
    println("已写入 ${initScript.path}")
    println("已更新 ${propsFile.path}（备份: gradle.properties.bak）")
    println("请执行 ./gradlew --stop 后重新构建")
}
